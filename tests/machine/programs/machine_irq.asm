* Interrupts as IIGS programs use them (Toolbox Reference vol. 1 ch. 14, Hardware
* Reference): a heartbeat task (SetHeartBeat) that counts frames while the main loop
* spins and sets palette 0's colour 0 to blue for the top of each frame; a one-second
* handler set through SetVector $15 and IntSource(oSecEnable); a scan-line interrupt at
* line 99 (SCB bit 6, SetVector $0A, IntSource(scLnEnable)) whose handler turns that
* colour red for the rest of the frame. Main spins until two seconds have been counted,
* checks that X and Y are what they were, turns the one-second and scan-line
* interrupts off, spins for SPIN_FRAMES more frames, waits once with WAI, then
* DelHeartBeat, and again (taskNtFdErr), and Quit. Leaves its results in its direct
* page (the Vars record) for the test.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'irq.macros'

SCB99    EQU    $E19D63         ; line 99's scan-line control byte
PAL0     EQU    $E19E00         ; palette 0, colour 0
SCANINT  EQU    $E0C032         ; a 0 in bit 5 clears the scan-line interrupt, bit 6 the 1-second
SCB_INT  EQU    $40             ; SCB bit 6: interrupt at the end of this line
CLR_SEC  EQU    $BF             ; SCANINT: clear the one-second interrupt only
CLR_SCAN EQU    $DF             ; SCANINT: clear the scan-line interrupt only
BLUE     EQU    $000F
RED      EQU    $0F00
V_ONE_SEC EQU   $15             ; SetVector numbers
V_SCAN   EQU    $0A
O_SEC_ON EQU    $06             ; IntSource srcRefNums
O_SEC_OFF EQU   $07
SC_LN_ON EQU    $0C
SC_LN_OFF EQU   $0D
SECONDS  EQU    2               ; seconds to count before turning them off
SPIN_FRAMES EQU  30             ; frames to spin with those two off

Vars    RECORD  0
hbErr   DS.W    1               ; SetHeartBeat's error
spins   DS.L    1               ; main-loop turns until SECONDS were counted
frames2 DS.W    1               ; Frames then
scans2  DS.W    1               ; ScanCount then
seconds3 DS.W   1               ; Seconds after SPIN_FRAMES more frames (no one-second)
scans3  DS.W    1               ; ScanCount then (no scan-line interrupt)
beforeWai DS.W  1               ; Frames before WAI
afterWai DS.W   1               ; Frames after WAI
regsOk  DS.W    1               ; 1: X and Y came through the interrupts
delErr  DS.W    1               ; DelHeartBeat's error
delErr2 DS.W    1               ; the second DelHeartBeat's error
oldVec  DS.L    1               ; GetVector($15) before SetVector
        ENDR

Main    PROC
        _Launch
        SEP     #$20            ; line 99 interrupts
        LONGA   OFF
        LDA     #SCB_INT
        STA     >SCB99
        REP     #$20
        LONGA   ON
        PEA     HBTask>>16      ; SetHeartBeat(@HBTask)
        PEA     HBTask
        _SetHeartBeat
        STA     <Vars.hbErr
        PHA                     ; GetVector($15): the firmware's own handler
        PHA
        PEA     V_ONE_SEC
        _GetVector
        PLA
        STA     <Vars.oldVec
        PLA
        STA     <Vars.oldVec+2
        _SetVectorTo V_ONE_SEC,OneSec
        _SetVectorTo V_SCAN,ScanLine
        PEA     O_SEC_ON
        _IntSource
        PEA     SC_LN_ON
        _IntSource

        STZ     <Vars.spins     ; spin until SECONDS were counted
        STZ     <Vars.spins+2
        LDX     #$1234          ; X and Y must come through every interrupt
        LDY     #$5678
Spin    INC     <Vars.spins
        BNE     @same
        INC     <Vars.spins+2
@same   LDA     Seconds
        CMP     #SECONDS
        BCC     Spin
        STZ     <Vars.regsOk
        CPX     #$1234
        BNE     @bad
        CPY     #$5678
        BNE     @bad
        INC     <Vars.regsOk
@bad    LDA     Frames
        STA     <Vars.frames2
        LDA     ScanCount
        STA     <Vars.scans2
        PEA     O_SEC_OFF
        _IntSource
        PEA     SC_LN_OFF
        _IntSource
Spin2   LDA     Frames          ; SPIN_FRAMES more frames
        SEC
        SBC     <Vars.frames2
        CMP     #SPIN_FRAMES
        BCC     Spin2
        LDA     Seconds
        STA     <Vars.seconds3
        LDA     ScanCount
        STA     <Vars.scans3

        LDA     Frames          ; WAI: the next VBL wakes the processor
        STA     <Vars.beforeWai
        WAI
        LDA     Frames
        STA     <Vars.afterWai

        PEA     HBTask>>16      ; DelHeartBeat(@HBTask), twice
        PEA     HBTask
        _DelHeartBeat
        STA     <Vars.delErr
        PEA     HBTask>>16
        PEA     HBTask
        _DelHeartBeat
        STA     <Vars.delErr2
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP

* HBTask: a heartbeat task (header: TaskLink, TaskCnt, signature $A55A, then code).
* Counts Frames, sets colour 0 of palette 0 blue for the top of the next frame, and
* re-arms itself for the next VBL. Inputs: JSL from the firmware (native, 8-bit
* registers, D = B = 0). Outputs: Frames + 1. Clobbers: nothing (P saved).
HBTask  PROC
        _HeartBeatCount Frames
        LDA     #BLUE
        STA     >PAL0
        _HeartBeatExit
        ENDP

* OneSec: the one-second interrupt handler (vector $15). Counts Seconds and clears the
* interrupt. Inputs: JSL from the firmware. Outputs: carry clear (handled).
* Clobbers: nothing (P saved).
OneSec  PROC
        PHP
        REP     #$30
        LONGA   ON
        LONGI   ON
        PHA
        LDA     >Seconds
        INC     A
        STA     >Seconds
        SEP     #$20
        LONGA   OFF
        LDA     #CLR_SEC
        STA     >SCANINT
        REP     #$20
        LONGA   ON
        PLA
        PLP
        CLC
        RTL
        ENDP

* ScanLine: the scan-line interrupt handler (vector $0A): colour 0 of palette 0 red
* for the lines below, counts ScanCount, clears the interrupt. Outputs: carry clear.
* Clobbers: nothing (P saved).
ScanLine PROC
        PHP
        REP     #$30
        LONGA   ON
        LONGI   ON
        PHA
        LDA     #RED
        STA     >PAL0
        LDA     >ScanCount
        INC     A
        STA     >ScanCount
        SEP     #$20
        LONGA   OFF
        LDA     #CLR_SCAN
        STA     >SCANINT
        REP     #$20
        LONGA   ON
        PLA
        PLP
        CLC
        RTL
        ENDP

Frames  PROC
        DC.W    0               ; heartbeats
        ENDP

Seconds PROC
        DC.W    0               ; one-second interrupts
        ENDP

ScanCount PROC
        DC.W    0               ; scan-line interrupts
        ENDP
        END
