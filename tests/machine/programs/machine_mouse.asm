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
        INCLUDE 'mouse.macros'

RED     EQU     $04

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
        _MoveByDeltas
        LDA     #WHITE
        JSR     Plot
        BRA     Loop

        _SignedClampRoutines

* Plot: A = a colour number; sets the 320-mode pixel at (PosH / 2, PosV) to it.
* Clobbers A, X, Y, Temp.
        _PlotRoutine PosH,PosV,Temp

PosH    DC.W    320             ; where the pointer starts (the Event Manager's too)
PosV    DC.W    100
DeltaH  DC.W    0               ; the bytes read from $C024 (high bytes 0)
DeltaV  DC.W    0
Colour  DC.W    0
Temp    DC.W    0
        ENDP
        END
