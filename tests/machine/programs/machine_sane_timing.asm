* A program that times its own floating point, as a 3D viewer does: GetTick, then LOOPS
* passes of the work of one transformed point (FMULX, FADDX, FDIVX, FSQRTX, and FSINX of
* the result), then GetTick again. The ticks between the two are the emulated time
* of the SANE calls (toolbox/costs.py), which the test checks against the table.
* Leaves the two tick counts and the last result in its direct page (the Vars record).
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'sane.macros'

Vars    RECORD  0
before  DS.L    1               ; GetTick before the loop
after   DS.L    1               ; GetTick after it
pass    DS.W    1               ; passes left
t       DS.B    10              ; the value worked on (extended)
        ENDR

LOOPS   EQU     50              ; passes the loop makes
FMULX_OP EQU    $0004
FSQRTX_OP EQU   $0012
FSINX_OP EQU    $001A

Main    PROC
        _Launch
        _SANEStartUpAbove       ; SANE's direct page: the page after ours
        LDA     #LOOPS
        STA     <Vars.pass
        PHA                     ; result space: the tick count
        PHA
        _Tool   $2503           ; GetTick
        PLA
        STA     <Vars.before
        PLA
        STA     <Vars.before+2

Pass    _CopyExt One,Vars.t     ; t := 1
        _PushAddr Two           ; t := t * 2
        _PushDP Vars.t
        _FP816  FMULX_OP
        _PushAddr Two           ; t := t + 2
        _PushDP Vars.t
        FADDX
        _PushAddr Three         ; t := t / 3
        _PushDP Vars.t
        FDIVX
        _PushDP Vars.t          ; t := sqrt(t)
        _FP816  FSQRTX_OP
        _PushDP Vars.t          ; t := sin(t)
        _Elems816 FSINX_OP
        DEC     <Vars.pass
        BEQ     Done
        BRL     Pass

Done    PHA                     ; result space: the tick count
        PHA
        _Tool   $2503           ; GetTick
        PLA
        STA     <Vars.after
        PLA
        STA     <Vars.after+2
        _SANEShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

One     DC.W    $0000,$0000,$0000,$8000,$3FFF   ; 1.0 (extended, low word first)
Two     DC.W    $0000,$0000,$0000,$8000,$4000   ; 2.0
Three   DC.W    $0000,$0000,$0000,$C000,$4000   ; 3.0
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
