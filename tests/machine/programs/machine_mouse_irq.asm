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
        INCLUDE 'mouse.macros'

DATAREG  EQU    $E0C026         ; the ADB interrupt byte
KM_MOUSE_INT EQU $40
KM_DATA_INT EQU $10
V_MOUSE EQU     $0D             ; SetVector numbers: the mouse interrupt handler
V_KBD_MICRO EQU $14             ; the keyboard microcontroller's (ADB data)

Game    PROC
        _Launch
        _SetVectorTo V_MOUSE,MouseInt
        _SetVectorTo V_KBD_MICRO,KeyInt
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
        _MoveByDeltas
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
        _SignedClampRoutines

* Plot: A = a colour number; sets the 320-mode pixel at (DrawnH / 2, DrawnV) to it.
* Clobbers A, X, Y, Temp2.
        _PlotRoutine DrawnH,DrawnV,Temp2

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
