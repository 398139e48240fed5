* A mouse-steered sprite, as a game reads the mouse: no toolbox, the ADB GLU's
* registers. Sets palette 0 colour 15 white and colour 4 red, puts a white pixel at
* the pointer's start (320, 100 in 640-mode counts; 320-mode pixel 160, 100), then
* loops for good: when $C027 bit 7 says mouse data waits, reads $C024 twice (X delta,
* then Y delta with the button in bit 7, 0 = down), moves the pixel by the deltas
* (clamped to the screen), and leaves the old spot black -- or red while the button
* is down (a trail).
* Expects the launch state (full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'

MOUSEDATA EQU   $E0C024         ; X, then Y (+ button), 7-bit two's complement deltas
KMSTATUS EQU    $E0C027         ; bit 7: mouse data waits
PIXELS  EQU     $E12000         ; Super Hi-Res pixels, 160 bytes a line
PALETTE0 EQU    $E19E00
WHITE   EQU     $0F             ; colour numbers (a nibble)
RED     EQU     $04
BLACK   EQU     $00
MAX_H   EQU     639             ; 640-mode counts across, lines down
MAX_V   EQU     199
BUTTON_UP EQU   $80             ; bit 7 of the Y byte

Mouse   PROC
        _Launch
        LDA     #$0FFF
        STA     >PALETTE0+2*WHITE
        LDA     #$0F00
        STA     >PALETTE0+2*RED
        LDA     #WHITE
        JSR     Plot
Loop    SEP     #$20
        LONGA   OFF
        LDA     >KMSTATUS
        BPL     Loop            ; nothing waits
        LDA     >MOUSEDATA
        STA     DeltaH
        LDA     >MOUSEDATA
        STA     DeltaV
        REP     #$20
        LONGA   ON
        LDA     #BLACK          ; the old spot: black, or red with the button down
        BIT     DeltaV-1        ; N = bit 7 of DeltaV (the high byte of this word)
        BMI     @leave
        LDA     #RED
@leave  JSR     Plot
        LDA     DeltaH
        JSR     Signed
        CLC
        ADC     PosH
        LDX     #MAX_H
        JSR     Clamp
        STA     PosH
        LDA     DeltaV
        JSR     Signed
        CLC
        ADC     PosV
        LDX     #MAX_V
        JSR     Clamp
        STA     PosV
        LDA     #WHITE
        JSR     Plot
        BRA     Loop

* Signed: A = a delta byte; returns its bits 0-6 as a signed word.
Signed  AND     #$007F
        CMP     #$0040
        BCC     @plus
        ORA     #$FF80
@plus   RTS

* Clamp: A = a position, X = its largest; returns A within 0..X. Clobbers Temp.
Clamp   BPL     @low
        LDA     #0
        RTS
@low    STX     Temp
        CMP     Temp
        BCC     @ok
        TXA
@ok     RTS

* Plot: A = a colour number; sets the 320-mode pixel at (PosH / 2, PosV) to it.
* Clobbers A, X, Y, Temp.
Plot    AND     #$000F
        STA     Colour
        LDA     PosV            ; line address: PosV * 160
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        STA     Temp            ; * 32
        ASL     A
        ASL     A               ; * 128
        CLC
        ADC     Temp
        STA     Temp
        LDA     PosH
        LSR     A               ; the 320-mode column
        TAY
        LSR     A               ; its byte
        CLC
        ADC     Temp
        TAX
        SEP     #$20
        LONGA   OFF
        TYA
        LSR     A               ; C = odd column: the low nibble
        LDA     Colour
        BCS     @low
        ASL     A               ; an even column: the high nibble
        ASL     A
        ASL     A
        ASL     A
        STA     Temp
        LDA     >PIXELS,X
        AND     #$0F
        BRA     @put
@low    STA     Temp
        LDA     >PIXELS,X
        AND     #$F0
@put    ORA     Temp
        STA     >PIXELS,X
        REP     #$20
        LONGA   ON
        RTS

PosH    DC.W    320             ; where the pointer starts (the Event Manager's too)
PosV    DC.W    100
DeltaH  DC.W    0               ; the bytes read from $C024 (high bytes 0)
DeltaV  DC.W    0
Colour  DC.W    0
Temp    DC.W    0
        ENDP
        END
