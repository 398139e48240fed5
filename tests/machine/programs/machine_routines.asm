* Routines for Machine.call, the harness's way into native code. All expect full
* native mode (M = X = 0) and return with RTL.

        CASE    ON
        INCLUDE 'machine_tools.macros'

Lib     PROC
        LONGA   ON
        LONGI   ON

* Double: A = 2 * A. 16 cycles with the JSL and RTL (8 + 2 + 6).
Double  ASL     A
        RTL

* Sum(first:W, second:W): A = first + second; removes its parameters (Pascal style).
Sum     LDA     4,S             ; second (pushed last)
        CLC
        ADC     6,S             ; + first
        TAY
        LDA     2,S             ; move the return address up over the parameters
        STA     6,S
        LDA     1,S
        STA     5,S
        PLA                     ; drop 4 bytes
        PLA
        TYA
        RTL

* Where: stores A in direct-page word 0 and in Store (data bank); X = D, Y = B.
Where   STA     <0
        STA     Store
        TDC
        TAX
        PHB                     ; B twice: one 16-bit pull
        PHB
        PLA
        AND     #$00FF
        TAY
        SEC
        RTL

* Ticks: GetTick from inside a harness call; A = low word, X = high word.
Ticks   PHA
        PHA
        _Tool   $2503
        PLA
        PLX
        RTL

* Forever: never returns.
Forever BRA     Forever

Store   DC.W    0
        ENDP
        END
