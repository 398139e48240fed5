* Programs that die, one per CRASH value (assembled with -d CRASH=n):
*   1  an unimplemented tool call: X = TOOLNUM (also a -d define)
*   2  BRK $42 after a few instructions
*   3  a stack imbalance: GetTick called with no result space on an empty stack
*   4  a JML into unmapped memory ($C0/1234)
*   5  SysFailMgr with a message
* Expects: the launch state (full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Main    PROC
        _Launch
        LDA     #$1234
        LDY     #$5678
        IF      CRASH = 1 THEN
        PEA     $0000           ; some parameters, as a real call would push
        _Tool   TOOLNUM
        ENDIF
        IF      CRASH = 2 THEN
        NOP
        BRK     $42
        ENDIF
        IF      CRASH = 3 THEN
        _Tool   $2503           ; GetTick, but no PHA PHA for its long result
        PLA
        PLA
        ENDIF
        IF      CRASH = 4 THEN
        JML     $C01234
        ENDIF
        IF      CRASH = 5 THEN
        PEA     $0000           ; SysFailMgr($0911, @Why)
        PEA     $0911
        PEA     Why>>16
        PEA     Why
        _Tool   $1503
        ENDIF
        IF      CRASH = 6 THEN
        PEA     $0000           ; SysFailMgr($0912, @High): a high-bit message
        PEA     $0912
        PEA     High>>16
        PEA     High
        _Tool   $1503
        ENDIF
        BRK     $00
Why     DC.B    10,'Game over!'
High    DC.B    4,$C4,$EF,$EE,$E5   ; "Done" in high-bit ASCII
        ENDP
        END
