* FP816 as ORCA/C's code calls it: the source's address, the destination's, then the
* opword (PEA opword / LDX #$090A / JSL $E10000), with the operand format in the
* opword's high byte as Apple's IIGS macros and ORCA/C give it: 3 longint (FL2X $030E,
* FX2L $0310, FADDL $0300), 4 integer (FI2X $040E, FX2I $0410), 5 comp (FC2X $050E,
* FX2C $0510), 1 double (FD2X $010E, FX2D $0110), 2 single (FX2S $0210).
* (float) of a long, (long) of a double, int and comp round trips, a longint added to an
* extended, a longint compared (FCMPL), then GS/OS Quit. Results stay in the Vars record.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'sane.macros'

Vars    RECORD  0
ext     DS.B    10              ; scratch extended
single  DS.B    4               ; (float) of the long -100000
long    DS.L    1               ; (long) of the double 123456.75, rounded to nearest
int     DS.W    1               ; FX2I of FI2X of -1234
comp    DS.B    8               ; FX2C of FC2X of -(2^40)
sum     DS.L    1               ; FX2L(2.5 + longint 40000): 40002 (ties to even)
less    DS.W    1               ; X from FCMPL of 2.5 against longint 40000
        ENDR

Main    PROC
        _Launch
        _SANEStartUpAbove       ; SANE's direct page: the page after ours

        _PushAddr MinusLakh     ; ext := FL2X(-100000)
        _PushDP Vars.ext
        _FP816  $030E
        _PushDP Vars.ext        ; single := FX2S(ext)
        _PushDP Vars.single
        _FP816  $0210

        _PushAddr Dbl           ; ext := FD2X(123456.75)
        _PushDP Vars.ext
        _FP816  $010E
        _PushDP Vars.ext        ; long := FX2L(ext)
        _PushDP Vars.long
        _FP816  $0310

        _PushAddr MinusInt      ; ext := FI2X(-1234); int := FX2I(ext)
        _PushDP Vars.ext
        _FP816  $040E
        _PushDP Vars.ext
        _PushDP Vars.int
        _FP816  $0410

        _PushAddr CompIn        ; ext := FC2X(-(2^40)); comp := FX2C(ext)
        _PushDP Vars.ext
        _FP816  $050E
        _PushDP Vars.ext
        _PushDP Vars.comp
        _FP816  $0510

        _CopyExt TwoHalf,Vars.ext ; ext := 2.5 + longint 40000 (FADDL)
        _PushAddr Lakh40
        _PushDP Vars.ext
        _FP816  $0300
        _PushDP Vars.ext        ; sum := FX2L(ext)
        _PushDP Vars.sum
        _FP816  $0310

        _CopyExt TwoHalf,Vars.ext ; FCMPL 2.5 against 40000: X = $40 (less)
        _PushAddr Lakh40
        _PushDP Vars.ext
        _FP816  $0308
        STX     <Vars.less

        _SANEShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

MinusLakh DC.L  -100000
Dbl     DC.W    $0000,$0000,$240C,$40FE ; 123456.75 (double, low word first)
MinusInt DC.W   -1234
CompIn  DC.W    $0000,$0000,$FF00,$FFFF ; -(2^40) (comp)
Lakh40  DC.L    40000
TwoHalf DC.W    $0000,$0000,$0000,$A000,$4000   ; 2.5 (extended)
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
