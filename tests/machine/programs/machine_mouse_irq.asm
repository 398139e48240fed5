* A mouse-steered sprite driven by interrupts, as a game does it without the toolbox's
* Event Manager: the mouse interrupt handler (SetVector $0D) reads the ADB GLU's mouse
* register ($C024: X delta, then Y delta with the button in bit 7, 0 = down), moves the
* sprite's position (clamped to the screen) and flags it; the main loop, busy with its
* own work, redraws the sprite when flagged (the old spot black, the new one white).
* A key ends the game: the ADB data interrupt (SetVector $14, the keyboard
* microcontroller's) reads the interrupt byte ($C026: $08, the keyboard asks for
* service) and flags it; the main loop then quits. Enables both interrupts in $C027
* (bits 6 and 4), keeping the other bits. Counts each handler's runs.
* Expects the launch state (full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'irq.macros'

MOUSEDATA EQU   $E0C024         ; X, then Y (+ button), 7-bit two's complement deltas
DATAREG  EQU    $E0C026         ; the ADB interrupt byte
KMSTATUS EQU    $E0C027         ; bit 6 mouse, bit 4 data interrupt enables
KM_MOUSE_INT EQU $40
KM_DATA_INT EQU $10
PIXELS  EQU     $E12000         ; Super Hi-Res pixels, 160 bytes a line
PALETTE0 EQU    $E19E00
WHITE   EQU     $0F             ; colour numbers (a nibble)
BLACK   EQU     $00
MAX_H   EQU     639             ; 640-mode counts across, lines down
MAX_V   EQU     199
BUTTON_UP EQU   $80             ; bit 7 of the Y byte
V_MOUSE EQU     $0D             ; SetVector numbers: the mouse interrupt handler
V_KBD_MICRO EQU $14             ; the keyboard microcontroller's (ADB data)

Game    PROC
        LONGA   ON
        LONGI   ON
        PHK
        PLB
        PEA     V_MOUSE         ; SetVector($0D, @MouseInt)
        PEA     MouseInt>>16
        PEA     MouseInt
        _SetVector
        PEA     V_KBD_MICRO     ; SetVector($14, @KeyInt)
        PEA     KeyInt>>16
        PEA     KeyInt
        _SetVector
        LDA     #$0FFF
        STA     >PALETTE0+2*WHITE
        LDA     PosH
        STA     DrawnH
        LDA     PosV
        STA     DrawnV
        LDA     #WHITE
        JSR     Plot
        SEP     #$20
        LONGA   OFF
        LDA     >KMSTATUS       ; the mouse and data interrupts on
        ORA     #KM_MOUSE_INT+KM_DATA_INT
        STA     >KMSTATUS
        REP     #$20
        LONGA   ON
        CLI
Loop    INC     Work            ; the game's own work
        LDA     KeyCount
        BNE     Done
        LDA     Moved
        BEQ     Loop
        SEI                     ; take the new position
        STZ     Moved
        LDA     PosH
        LDX     PosV
        CLI
        PHA
        PHX
        LDA     #BLACK          ; the old spot black
        JSR     Plot
        PLA
        STA     DrawnV
        PLA
        STA     DrawnH
        LDA     #WHITE
        JSR     Plot
        BRA     Loop
Done    SEI
        SEP     #$20
        LONGA   OFF
        LDA     >KMSTATUS       ; interrupts off again
        AND     #$FF-KM_MOUSE_INT-KM_DATA_INT
        STA     >KMSTATUS
        REP     #$20
        LONGA   ON
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

        LONGA   OFF
        LONGI   OFF
* MouseInt: the mouse interrupt (JSL from the firmware: native mode, 8-bit registers,
* D = 0, B = 0). Reads the pair from $C024, moves PosH/PosV by the deltas (clamped),
* keeps the button (Button: 1 down) and sets Moved. Returns with carry clear.
* Clobbers A, X, Y (the firmware keeps them).
MouseInt PHB
        PHK
        PLB
        LDA     >MOUSEDATA
        STA     DeltaH
        LDA     >MOUSEDATA
        STA     DeltaV
        REP     #$30
        LONGA   ON
        LONGI   ON
        INC     MouseCount
        LDA     DeltaV
        AND     #BUTTON_UP
        EOR     #BUTTON_UP
        BEQ     @up
        LDA     #1
@up     STA     Button
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
        LDA     #1
        STA     Moved
        SEP     #$30
        LONGA   OFF
        LONGI   OFF
        PLB
        CLC
        RTL

* KeyInt: the ADB data interrupt (as MouseInt is called). Reads the interrupt byte
* from $C026 (the read acknowledges it), keeps it and counts. Clobbers A.
KeyInt  PHB
        PHK
        PLB
        LDA     >DATAREG
        STA     IntByte
        INC     KeyCount
        PLB
        CLC
        RTL

        LONGA   ON
        LONGI   ON
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

* Plot: A = a colour number; sets the 320-mode pixel at (DrawnH / 2, DrawnV) to it.
* Clobbers A, X, Y, Temp2.
Plot    AND     #$000F
        STA     Colour
        LDA     DrawnV          ; line address: DrawnV * 160
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        STA     Temp2           ; * 32
        ASL     A
        ASL     A               ; * 128
        CLC
        ADC     Temp2
        STA     Temp2
        LDA     DrawnH
        LSR     A               ; the 320-mode column
        TAY
        LSR     A               ; its byte
        CLC
        ADC     Temp2
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
        STA     Temp2
        LDA     >PIXELS,X
        AND     #$0F
        BRA     @put
@low    STA     Temp2
        LDA     >PIXELS,X
        AND     #$F0
@put    ORA     Temp2
        STA     >PIXELS,X
        REP     #$20
        LONGA   ON
        RTS

PosH    DC.W    320             ; where the pointer starts (the Event Manager's too)
PosV    DC.W    100
DrawnH  DC.W    0               ; where the sprite is drawn
DrawnV  DC.W    0
Moved   DC.W    0               ; 1: the handler moved the sprite since the last draw
Button  DC.W    0               ; 1: the button was down at the last report
MouseCount DC.W 0               ; mouse interrupts handled
KeyCount DC.W   0               ; ADB data interrupts handled
IntByte DC.W    0               ; the interrupt byte the last one read (high byte 0)
DeltaH  DC.W    0               ; the bytes read from $C024 (high bytes 0)
DeltaV  DC.W    0
Work    DC.W    0               ; the main loop's passes (wraps)
Colour  DC.W    0
Temp    DC.W    0               ; Clamp's (the handler's)
Temp2   DC.W    0               ; Plot's (the main loop's)
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
