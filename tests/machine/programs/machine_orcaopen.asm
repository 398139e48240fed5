* ORCA/C's open() and creat() as its library makes them (ORCALib fcntl.asm, openfile):
* CreateGS with pCount 3 (pathname, access from the UNIX mode, fileType $04 or $06 by
* O_BINARY), OpenGS with pCount 2 (refNum, pathname: requestAccess left "as permitted"),
* SetEOFGS to 0 for O_TRUNC, then WriteGS and CloseGS.
* First open("NEW.TAR", O_WRONLY|O_CREAT|O_TRUNC|O_BINARY): the mode is $7180, access $E3.
* Then creat("LOCKED", 0): access $00; its Open and SetEOF results are kept in
* direct-page words 2 and 4 (the SetEOF's is what ORCA/C turns into EACCES).
* On an unexpected error it stores A in direct-page word 0 and stops with BRK $EE.

        CASE    ON
        INCLUDE 'machine_tools.macros'

Tool    PROC
        _Launch
        STZ     <0
        _GSOS   $2001,CreateP   ; CreateGS NEW.TAR, access $E3, BIN
        BCS     Fail
        _GSOS   $2010,OpenP     ; OpenGS, pCount 2
        BCS     Fail
        LDA     OpenP+2
        STA     EofP+2
        STA     WriteP+2
        STA     CloseP+2
        _GSOS   $2018,EofP      ; SetEOFGS 0 (O_TRUNC)
        BCS     Fail
        _GSOS   $2013,WriteP
        BCS     Fail
        _GSOS   $2014,CloseP
        BCS     Fail
        BRA     Second
Fail    STA     <0
        BRK     $EE
Second  _GSOS   $2001,LockedP   ; CreateGS LOCKED, access $00 (creat's mode 0)
        BCS     Fail
        _GSOS   $2010,OpenL     ; OpenGS, pCount 2
        STA     <2              ; its result
        BCS     Done
        LDA     OpenL+2
        STA     EofP+2
        STA     CloseP+2
        _GSOS   $2018,EofP      ; SetEOFGS 0 (O_TRUNC)
        STA     <4              ; its result
        _GSOS   $2014,CloseP
        BCS     Fail
Done    _GSOS   $2029,QuitP
        BRA     Fail

Path    DC.W    7
        DC.B    'NEW.TAR'
Locked  DC.W    6
        DC.B    'LOCKED'
CreateP DC.W    3               ; pCount
        DC.L    Path
        DC.W    $E3             ; access: unixtoprodos($7180)
        DC.W    $06             ; fileType: BIN (O_BINARY)
LockedP DC.W    3
        DC.L    Locked
        DC.W    $00             ; access: unixtoprodos(0)
        DC.W    $04             ; fileType: TXT
OpenP   DC.W    2               ; pCount: refNum and pathname only
        DC.W    0
        DC.L    Path
OpenL   DC.W    2
        DC.W    0
        DC.L    Locked
EofP    DC.W    3
        DC.W    0               ; refNum
        DC.W    0               ; base: the displacement itself
        DC.L    0
WriteP  DC.W    4
        DC.W    0
        DC.L    Text
        DC.L    5
        DC.L    0
CloseP  DC.W    1
        DC.W    0
QuitP   DC.W    0
Text    DC.B    'ustar'
        ENDP
        END
