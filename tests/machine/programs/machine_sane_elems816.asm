* Elems816 as ORCA/C's math library calls it: the operands' addresses, then the opword
* (PEA opword / LDX #$0B0A / JSL $E10000), with the IIGS numbers of Apple's macros
* (ORCA/C SysFloat math.macros): FATANX $18, FSINX $1A, FCOSX $1C, FTANX $1E, FEXPX $08,
* FLNX $00, FXPWRY $12, FXPWRI $10 (integer exponent); FCOMPOUND $14 and FANNUITY $16
* with three addresses (rate, periods, destination), then Quit.
* Results stay in the Vars record as extendeds.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'sane.macros'

Vars    RECORD  0
atan    DS.B    10              ; atan(1)
sin     DS.B    10              ; sin(1)
cos     DS.B    10              ; cos(1)
tan     DS.B    10              ; tan(1)
exp     DS.B    10              ; exp(1)
ln      DS.B    10              ; ln(2.5)
pwry    DS.B    10              ; 2.5 ^ 2.5
pwri    DS.B    10              ; 2.5 ^ 3 (exact)
compnd  DS.B    10              ; compound(rate 0.5, periods 2) = 2.25
annuity DS.B    10              ; annuity(rate 0.5, periods 2) = 10/9
        ENDR

Main    PROC
        _Launch
        _SANEStartUpAbove       ; SANE's direct page: the page after ours

        _CopyExt One,Vars.atan
        _PushDP Vars.atan
        _Elems816 $0018         ; FATANX
        _CopyExt One,Vars.sin
        _PushDP Vars.sin
        _Elems816 $001A         ; FSINX
        _CopyExt One,Vars.cos
        _PushDP Vars.cos
        _Elems816 $001C         ; FCOSX
        _CopyExt One,Vars.tan
        _PushDP Vars.tan
        _Elems816 $001E         ; FTANX
        _CopyExt One,Vars.exp
        _PushDP Vars.exp
        _Elems816 $0008         ; FEXPX
        _CopyExt TwoHalf,Vars.ln
        _PushDP Vars.ln
        _Elems816 $0000         ; FLNX

        _CopyExt TwoHalf,Vars.pwry ; pwry := pwry ^ TwoHalf
        _PushAddr TwoHalf
        _PushDP Vars.pwry
        _Elems816 $0012         ; FXPWRY
        _CopyExt TwoHalf,Vars.pwri ; pwri := pwri ^ 3 (an integer)
        _PushAddr Three
        _PushDP Vars.pwri
        _Elems816 $0010         ; FXPWRI

        _PushAddr Half          ; rate (SRC2)
        _PushAddr Two           ; periods (SRC)
        _PushDP Vars.compnd     ; destination
        _Elems816 $0014         ; FCOMPOUND
        _PushAddr Half
        _PushAddr Two
        _PushDP Vars.annuity
        _Elems816 $0016         ; FANNUITY

        _SANEShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

One     DC.W    $0000,$0000,$0000,$8000,$3FFF   ; 1.0 (extended, low word first)
Half    DC.W    $0000,$0000,$0000,$8000,$3FFE   ; 0.5
Two     DC.W    $0000,$0000,$0000,$8000,$4000   ; 2.0
TwoHalf DC.W    $0000,$0000,$0000,$A000,$4000   ; 2.5
Three   DC.W    3               ; an integer
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
