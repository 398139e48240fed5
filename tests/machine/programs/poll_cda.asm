* A classic desk accessory that reads the keyboard itself, as most CDAs do (Technical
* Note #71): its main routine polls the keyboard latch $C000 until Escape comes,
* counting the polls that found no key, then clears the strobe and returns. Its name
* is high-bit ASCII, as the IIGS's CDAs write theirs.

        CASE    ON
        INCLUDE 'machine_tools.macros'

KBD     EQU     $E0C000                 ; the key in bits 0-6, bit 7 the strobe
KBDSTRB EQU     $E0C010                 ; any access clears the strobe
ESCAPE  EQU     $1B

PollCDA PROC
        EXPORT  Polls
        EXPORT  LastKey
        LONGA   ON
        LONGI   ON
        DC.B    8,$D0,$EF,$EC,$EC,$A0,$C3,$C4,$C1   ; "Poll CDA", bit 7 set
        DC.L    Main                    ; main routine
        DC.L    ShutDown                ; shutdown routine

* Main: Inputs: none. Outputs: none. Clobbers: A. Returns when Escape is typed; every
*   other key is kept in LastKey. Polls counts the empty polls (a long).
Main    PHB
        PHK
        PLB
Poll    SEP     #$20
        LONGA   OFF
        LDA     >KBD                    ; a key?
        BMI     Key
        REP     #$20
        LONGA   ON
        INC     Polls                   ; no: count the poll (a long)
        BNE     Poll
        INC     Polls+2
        BRA     Poll
Key     STA     >KBDSTRB                ; take it
        REP     #$20
        AND     #$007F
        STA     LastKey
        CMP     #ESCAPE
        BNE     Poll
        PLB
        RTL

* ShutDown: Inputs: none. Outputs: none. Clobbers: none.
ShutDown RTL

Polls   DC.L    0
LastKey DC.W    0
        ENDP
        END
