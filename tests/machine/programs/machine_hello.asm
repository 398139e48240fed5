* A QuickDraw program for the runner: starts QuickDraw II in 640 mode on a
* direct page of its own, draws "Hello, IIGS" at (20, 30), then quits -- or, with
* -d LOOP=1, loops forever instead of quitting (the runner's time limit ends it).
* Expects the launch state (A = user ID, full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'

Hello   PROC
        _Launch
        STA     UserID
        _Tool   $0201           ; TLStartUp
        LDA     UserID          ; 3 DP pages in bank 0: the handle to DP 0..3 (ours,
        _NewDP  3,0             ;   until QuickDraw takes its own), the block to A
        PHA                     ; QDStartUp(dp, $80 = 640 mode, 0, userID)
        PEA     $0080
        PEA     $0000
        LDA     UserID
        PHA
        _Tool   $0204
        PEA     20              ; MoveTo(20, 30)
        PEA     30
        _Tool   $3A04
        PEA     Msg>>16         ; DrawString(@Msg)
        PEA     Msg
        _Tool   $A504
        IF      LOOP = 1 THEN
Spin    BRA     Spin
        ENDIF
        _GSOS   $2029,QuitP
        BRK     $00

UserID  DC.W    0
Msg     DC.B    11,'Hello, IIGS'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
