* SANE from a program: SANEStartUp (with a direct page of its own), SANEStatus, FADDX of
* two extendeds (1 + 2 into a direct-page copy of One), FCMPX of the sum with Three (the
* program branches on Z as a compiler's code does), FDIVX 7 / 3 then FX2I of the
* quotient, FGETENV, SANEShutDown, then GS/OS Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'sane.macros'

Vars    RECORD  0
status  DS.W    1               ; SANEStatus after SANEStartUp
sum     DS.B    10              ; One + Two (extended)
sumOK   DS.W    1               ; 1 when FCMPX found sum = Three
ratio   DS.B    10              ; Seven / Three (extended)
quotient DS.W   1               ; FX2I(ratio)
env     DS.W    1               ; FGETENV's X after the divide
        ENDR

EXT_WORDS EQU   5               ; an extended is five words

Main    PROC
        _Launch
        _SANEStartUpAbove       ; SANE's direct page: the page after ours
        PHA                     ; result space: activeFlag
        _SANEStatus
        PLA
        STA     <Vars.status

        LDX     #2*(EXT_WORDS-1) ; sum := One
CopyOne LDA     One,X
        STA     <Vars.sum,X
        DEX
        DEX
        BPL     CopyOne
        _PushAddr Two           ; sum := sum + Two
        _PushDP Vars.sum
        FADDX

        _PushAddr Three         ; FCMPX Three, sum: Z set when equal
        _PushDP Vars.sum
        FCMPX
        BNE     NotEqual
        LDA     #1
        STA     <Vars.sumOK
NotEqual

        LDX     #2*(EXT_WORDS-1) ; ratio := Seven
CopySeven LDA   Seven,X
        STA     <Vars.ratio,X
        DEX
        DEX
        BPL     CopySeven
        _PushAddr Three         ; ratio := ratio / Three (inexact)
        _PushDP Vars.ratio
        FDIVX
        _PushDP Vars.ratio      ; quotient := FX2I(ratio), rounded to nearest
        _PushDP Vars.quotient
        FX2I
        FGETENV                 ; X = the environment (the inexact flag)
        STX     <Vars.env

        _SANEShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

One     DC.W    $0000,$0000,$0000,$8000,$3FFF   ; 1.0 (extended, low word first)
Two     DC.W    $0000,$0000,$0000,$8000,$4000   ; 2.0
Three   DC.W    $0000,$0000,$0000,$C000,$4000   ; 3.0
Seven   DC.W    $0000,$0000,$0000,$E000,$4001   ; 7.0
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
