* The sound chip as a timer, as IIGS games use it: a silent wave (every byte $80) played
* by one oscillator in free-run mode with its interrupt enabled interrupts the CPU at
* each pass of its table, at a rate its frequency sets. Everything is done from the
* main loop, never before a WAI: it sets the sound interrupt vector with SetVector
* ($0B), writes the wave through the Sound GLU, spins a while, starts oscillator 7
* (64 DOC periods a pass), spins until SLOW_AT interrupts have come, then halves the
* frequency (128 periods a pass) -- each in the middle of the CPU's work, so the
* interrupt's cycle changes between two of the machine's timer events -- and spins on
* until TOTAL have come; then it halts the oscillator and quits. The main loop touches
* the GLU with interrupts off (the handler moves the GLU's address). Its handler reads
* the DOC's interrupt status ($E0) through the GLU to acknowledge the interrupt and
* counts it.
* Expects: full native mode (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'irq.macros'
        INCLUDE 'sound.macros'

OSC      EQU    7               ; the timer's oscillator
SILENT   EQU    $80             ; the wave: silence (a $00 would halt the oscillator)
FAST_HI  EQU    $08             ; frequency $0800: 64 DOC periods a pass of 256 bytes
SLOW_HI  EQU    $04             ; frequency $0400: 128 periods a pass
FREE_IRQ EQU    $08             ; control: free run, interrupt on, halt bit clear
HALT     EQU    $01
SPIN_FIRST EQU  1500            ; main-loop passes before the timer starts
SLOW_AT  EQU    3               ; interrupts before the frequency is halved
TOTAL    EQU    6               ; interrupts the program waits for

Main    PROC
        _Launch
        _SoundStart Handler,SILENT
        LDA     #0                      ; frequency low, volume, wave at 0, 256 bytes
        LDY     #DOC_FREQLO+OSC
        JSR     PokeReg
        LDY     #DOC_VOLUME+OSC
        JSR     PokeReg
        LDY     #DOC_PTR+OSC
        JSR     PokeReg
        LDY     #DOC_SIZE+OSC
        JSR     PokeReg
        LDA     #FAST_HI
        LDY     #DOC_FREQHI+OSC
        JSR     PokeReg
        CLI
        REP     #$30
        LONGA   ON
        LONGI   ON
        LDX     #SPIN_FIRST             ; the program's own work first
@work   INC     Spins
        DEX
        BNE     @work
        SEP     #$30
        LONGA   OFF
        LONGI   OFF
        LDA     #FREE_IRQ               ; the timer starts, mid-slice
        LDY     #DOC_CTL+OSC
        JSR     PokeRegMasked
@spin1  INC     Spins
        LDA     Count
        CMP     #SLOW_AT
        BCC     @spin1
        LDA     #SLOW_HI                ; half the rate, mid-slice
        LDY     #DOC_FREQHI+OSC
        JSR     PokeRegMasked
@spin2  INC     Spins
        LDA     Count
        CMP     #TOTAL
        BCC     @spin2
        LDA     #HALT                   ; the timer stops
        LDY     #DOC_CTL+OSC
        JSR     PokeRegMasked
        _QuitMasked QuitParms

        LONGA   OFF
        LONGI   OFF
* Handler: the sound interrupt (JSL from the firmware: native mode, 8-bit registers,
* D = 0, B = 0). Reads $E0 once through the GLU (the dummy read fetches it, the next
* returns it), keeps it in Status and counts. Returns with carry clear.
* Clobbers A, X, Y (the firmware keeps them).
Handler _DocIrqEntry
        STA     Status
        INC     Count
        PLB
        CLC
        RTL

        _SetModeRoutine
        _PokeRegRoutines

* PokeRegMasked: PokeReg with interrupts off around it, the GLU set to registers
* without auto-increment first (the handler leaves it auto-incrementing).
* Clobbers nothing.
PokeRegMasked PHP
        SEI
        PHA
        LDA     #0
        JSR     SetMode
        PLA
        JSR     PokeReg
        PLP
        RTS

        LONGA   ON
        LONGI   ON
Count   DC.B    0               ; interrupts taken
Status  DC.B    0               ; $E0 as the last handler read it
ModeBits DC.B   0
Spins   DC.W    0               ; the main loop's passes (wraps)
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
