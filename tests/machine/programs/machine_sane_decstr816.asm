* DecStr816 as ORCA/C's libraries call it: the operands' addresses, then the opword
* (PEA opword / LDX #$0A0A / JSL $E10000). strtod's scanner (ORCA/C SysFloat
* stdlib.asm): string, index, decimal record, validPrefix, FCSTR2DEC $0004, then FDEC2X
* and FX2D; Apple's IIGS numbers FCSTR2DEC $0002 and FPSTR2DEC $0000 (ORCA/Pascal's
* scanner) and FDEC2STR $0001 and $0003 (printf's formatter after FX2DEC), then Quit.
* Results stay in the Vars record.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'sane.macros'

Vars    RECORD  0
index   DS.W    1               ; the scanner's index (in, then out)
valid   DS.W    1               ; validPrefix
decrec  DS.B    34              ; decimal record: sgn, exp, sig (length + 28 + 1)
ext     DS.B    10              ; scratch extended
strtod  DS.B    8               ; strtod("  -12.5e3xyz") as a double
endAt   DS.W    1               ; its index after FCSTR2DEC $0004: 9
tenth   DS.B    8               ; "0.1" by FCSTR2DEC $0002 and FDEC2D
half    DS.W    1               ; FX2I of Pascal "x2.5" from index 2 (FPSTR2DEC $0000)
form    DS.W    2               ; decform: style, digits
text1   DS.B    16              ; FDEC2STR $0001 of 3.25, FIXEDDECIMAL 2
text3   DS.B    16              ; FDEC2STR $0003 of the same record
        ENDR

Main    PROC
        _Launch
        _SANEStartUpAbove       ; SANE's direct page: the page after ours

        _PushAddr CText         ; strtod: FCSTR2DEC $0004 from index 0
        _PushDP Vars.index
        _PushDP Vars.decrec
        _PushDP Vars.valid
        STZ     <Vars.index
        _DecStr816 $0004
        LDA     <Vars.index
        STA     <Vars.endAt
        _PushDP Vars.decrec     ; ext := FDEC2X(decrec)
        _PushDP Vars.ext
        _FP816  $0009
        _PushDP Vars.ext        ; strtod := FX2D(ext)
        _PushDP Vars.strtod
        _FP816  $0110

        _PushAddr Tenth         ; FCSTR2DEC $0002, then FDEC2D straight to a double
        _PushDP Vars.index
        _PushDP Vars.decrec
        _PushDP Vars.valid
        STZ     <Vars.index
        _DecStr816 $0002
        _PushDP Vars.decrec
        _PushDP Vars.tenth
        _FP816  $0109

        _PushAddr PText         ; FPSTR2DEC $0000 from index 2 (past the 'x')
        _PushDP Vars.index
        _PushDP Vars.decrec
        _PushDP Vars.valid
        LDA     #2
        STA     <Vars.index
        _DecStr816 $0000
        _PushDP Vars.decrec     ; half := FDEC2I(decrec): 2.5 ties to 2
        _PushDP Vars.half
        _FP816  $0409

        LDA     #1              ; FX2DEC of 3.25 to FIXEDDECIMAL 2
        STA     <Vars.form
        LDA     #2
        STA     <Vars.form+2
        _PushDP Vars.form
        _PushAddr Quarter13
        _PushDP Vars.decrec
        _FP816  $000B
        _PushDP Vars.form       ; FDEC2STR $0001
        _PushDP Vars.decrec
        _PushDP Vars.text1
        _DecStr816 $0001
        _PushDP Vars.form       ; FDEC2STR $0003
        _PushDP Vars.decrec
        _PushDP Vars.text3
        _DecStr816 $0003

        _SANEShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

CText   DC.B    '  -12.5e3xyz',0
Tenth   DC.B    '0.1',0
PText   DC.B    4,'x2.5'
Quarter13 DC.W  $0000,$0000,$0000,$D000,$4000   ; 3.25 (extended)
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
