* Tool calls with parameters and results, then GS/OS Quit.
* Leaves what it saw in its direct page (the Vars record) for the test to read:
* MMStartUp's user ID, a 256-byte handle (locked, dereferenced, filled by BlockMove),
* GetTick, ReadTimeHex, GetHandleSize, and the error of disposing a handle twice.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Vars    RECORD  0
launchID DS.W   1               ; A at launch
mmID    DS.W    1               ; MMStartUp's result
handle  DS.L    1               ; NewHandle's result
ptr     DS.L    1               ; the master pointer read through the handle
tick    DS.L    1               ; GetTick
time    DS.B    8               ; ReadTimeHex
size    DS.L    1               ; GetHandleSize
err     DS.W    1               ; A after the second DisposeHandle
carry   DS.W    1               ; 1 if carry was set after it
        ENDR

Main    PROC
        _Launch
        STA     <Vars.launchID
        PHA                     ; result space: userID
        _Tool   $0202           ; MMStartUp
        PLA
        STA     <Vars.mmID

        PHA                     ; result space: handle (long)
        PHA
        PEA     $0000           ; blockSize = $00000100
        PEA     $0100
        LDA     <Vars.mmID      ; userID
        PHA
        PEA     $0000           ; attributes: none
        PEA     $0000           ; location = 0
        PEA     $0000
        _Tool   $0902           ; NewHandle
        BCC     @ok
        BRL     Fail
@ok
        PLA
        STA     <Vars.handle
        PLA
        STA     <Vars.handle+2

        LDA     <Vars.handle+2  ; HLock(handle)
        PHA
        LDA     <Vars.handle
        PHA
        _Tool   $2002

        LDA     [<Vars.handle]  ; ptr = *handle
        STA     <Vars.ptr
        LDY     #2
        LDA     [<Vars.handle],Y
        STA     <Vars.ptr+2

        PEA     Msg>>16         ; BlockMove(Msg, ptr, 5)
        PEA     Msg
        LDA     <Vars.ptr+2
        PHA
        LDA     <Vars.ptr
        PHA
        PEA     $0000
        PEA     $0005
        _Tool   $2B02

        PHA                     ; GetTick
        PHA
        _Tool   $2503
        PLA
        STA     <Vars.tick
        PLA
        STA     <Vars.tick+2

        PHA                     ; ReadTimeHex: 8 bytes of result space
        PHA
        PHA
        PHA
        _Tool   $0D03
        PLA
        STA     <Vars.time
        PLA
        STA     <Vars.time+2
        PLA
        STA     <Vars.time+4
        PLA
        STA     <Vars.time+6

        PHA                     ; GetHandleSize(handle)
        PHA
        LDA     <Vars.handle+2
        PHA
        LDA     <Vars.handle
        PHA
        _Tool   $1802
        PLA
        STA     <Vars.size
        PLA
        STA     <Vars.size+2

        LDA     <Vars.handle+2  ; DisposeHandle(handle): fine
        PHA
        LDA     <Vars.handle
        PHA
        _Tool   $1002
        LDA     <Vars.handle+2  ; DisposeHandle(handle) again: handleErr
        PHA
        LDA     <Vars.handle
        PHA
        _Tool   $1002
        STA     <Vars.err
        LDA     #0
        ROL     A               ; carry -> bit 0
        STA     <Vars.carry

        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

Fail    BRK     $02

Msg     DC.B    'HELLO'
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
