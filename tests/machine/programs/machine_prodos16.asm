* ProDOS 16 (class 0) calls as a ProDOS 16-era program makes them (ProDOS 16 Reference;
* ORCA/C prodos.h): in-line JSL $E100A8, parameter blocks without a pCount, pathnames
* as Pascal strings. GET_VERSION, GET_BOOT_VOL, GET_NAME, GET_PREFIX 0, OPEN NOTE.TXT
* (a partial pathname: prefix 0), NEWLINE on return, READ (one line), GET_MARK, CLOSE,
* then QUIT.
* On any error it stores A in direct-page word 0 and stops with BRK $EE.

        CASE    ON
        INCLUDE 'machine_tools.macros'

P16     PROC
        _Launch
        STZ     <0
        _GSOS   $002A,VersionP  ; GET_VERSION
        BCS     Fail
        _GSOS   $0028,BootP     ; GET_BOOT_VOL
        BCS     Fail
        _GSOS   $0027,NameP     ; GET_NAME
        BCS     Fail
        _GSOS   $000A,PrefixP   ; GET_PREFIX 0
        BCS     Fail
        _GSOS   $0010,OpenP     ; OPEN
        BCS     Fail
        LDA     OpenP           ; ref_num -> the other blocks
        STA     LineP
        STA     ReadP
        STA     MarkP
        STA     CloseP
        _GSOS   $0011,LineP     ; NEWLINE: stop after a return
        BCS     Fail
        _GSOS   $0012,ReadP     ; READ up to 64 bytes: one line
        BCS     Fail
        _GSOS   $0017,MarkP     ; GET_MARK
        BCS     Fail
        _GSOS   $0014,CloseP    ; CLOSE
        BCS     Fail
        _GSOS   $0029,QuitP     ; QUIT
Fail    STA     <0
        BRK     $EE

VersionP DC.W   0               ; version (out)
BootP   DC.L    BootBuf         ; data_buffer
NameP   DC.L    NameBuf
PrefixP DC.W    0               ; prefix_num
        DC.L    PrefixBuf       ; prefix (out)
OpenP   DC.W    0               ; ref_num (out)
        DC.L    Path            ; pathname
        DC.L    0               ; io_buffer (out)
LineP   DC.W    0               ; ref_num
        DC.W    $7F             ; enable_mask
        DC.W    13              ; newline_char
ReadP   DC.W    0               ; ref_num
        DC.L    Data            ; data_buffer
        DC.L    64              ; request_count
Count   DC.L    0               ; transfer_count (out)
MarkP   DC.W    0               ; ref_num
Mark    DC.L    0               ; position (out)
CloseP  DC.W    0               ; ref_num
QuitP   DC.L    0               ; pathname: none
        DC.W    0               ; flags
Path    DC.B    8,'NOTE.TXT'    ; Pascal string
BootBuf DS.B    20
NameBuf DS.B    20
PrefixBuf DS.B  64
Data    DS.B    64
        ENDP
        END
