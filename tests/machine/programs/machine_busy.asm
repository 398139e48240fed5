* The busy flag and the Scheduler as a program uses them (Toolbox Reference vol. 2 ch. 19
* "Scheduler", vol. 1 ch. 14 heartbeat tasks; the busy flag at $E1/00FF, IncBusyFlg at
* $E1/0064, DecBusyFlg at $E1/0068). A heartbeat task counts frames. The program marks
* itself busy (IncBusyFlg), queues a task (SchAddTask) and spins for BUSY_FRAMES
* frames: the heartbeat goes on, the task waits; a GS/OS call (GetVersion) raises and
* lowers the flag around its work and leaves it at 1: the task still waits. DecBusyFlg
* brings the flag to 0 and the task runs then, before DecBusyFlg returns. A second
* task, queued with the system free, runs at the next heartbeat (no event poll); a
* third, queued with interrupts off, runs as a GS/OS call returns (GS/OS's own
* DecBusyFlg). The task counts its runs and keeps the frame count and busy flag it saw.
* DelHeartBeat, Quit. Leaves its results in its direct page (the Vars record).
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'irq.macros'
        INCLUDE 'sched.macros'

BUSY_FLAG EQU   $E100FF         ; the busy flag (a byte)
INC_BUSY EQU    $E10064         ; IncBusyFlg: JSL here
DEC_BUSY EQU    $E10068         ; DecBusyFlg: JSL here
BUSY_FRAMES EQU 5               ; frames to spin while busy

Vars    RECORD  0
hbErr   DS.W    1               ; SetHeartBeat's error
added   DS.W    1               ; the first SchAddTask's taskAdded
busyRan DS.W    1               ; Ran after BUSY_FRAMES busy frames (the task waited)
gsosRan DS.W    1               ; Ran after a GS/OS call made while busy
busyByte DS.W   1               ; the busy flag then (1)
decFrames DS.W  1               ; Frames just before DecBusyFlg
decRan  DS.W    1               ; Ran just after DecBusyFlg (the task ran in it)
decSaw  DS.W    1               ; Seen: the frame count the task saw then
decBusy DS.W    1               ; SeenBusy: the busy flag the task saw then
addFrames DS.W  1               ; Frames when the second task was queued
hbFrames DS.W   1               ; Seen: the frame count the second task saw
lastRan DS.W    1               ; Ran after a GS/OS call with the third task queued
version DS.W    1               ; GetVersion's answer
delErr  DS.W    1               ; DelHeartBeat's error
        ENDR

Main    PROC
        _Launch
        PEA     HBTask>>16      ; SetHeartBeat(@HBTask)
        PEA     HBTask
        _SetHeartBeat
        STA     <Vars.hbErr
        CLI
        JSL     INC_BUSY        ; busy: queued tasks wait
        _AddTask Task           ; taskAdded (it waits: busy)
        STA     <Vars.added
@busy   LDA     >Frames         ; the heartbeat goes on meanwhile
        CMP     #BUSY_FRAMES
        BCC     @busy
        LDA     Ran
        STA     <Vars.busyRan
        _GSOS   $202A,VersionParms      ; GetVersion: the flag 1 -> 2 -> 1
        LDA     Ran
        STA     <Vars.gsosRan
        LDA     Version
        STA     <Vars.version
        SEP     #$20
        LONGA   OFF
        LDA     >BUSY_FLAG
        STA     <Vars.busyByte
        STZ     <Vars.busyByte+1
        REP     #$20
        LONGA   ON
        LDA     >Frames
        STA     <Vars.decFrames
        JSL     DEC_BUSY        ; 1 -> 0: the task runs now
        LDA     Ran
        STA     <Vars.decRan
        LDA     Seen
        STA     <Vars.decSaw
        LDA     SeenBusy
        STA     <Vars.decBusy

        LDA     >Frames         ; a task queued with the system free
        STA     <Vars.addFrames
        _AddTask Task
@free   LDA     Ran             ; ... runs from the next heartbeat
        CMP     #2
        BCC     @free
        LDA     Seen
        STA     <Vars.hbFrames

        SEI                     ; no heartbeat now: a GS/OS call runs the queue
        _AddTask Task
        _GSOS   $202A,VersionParms
        LDA     Ran
        STA     <Vars.lastRan
        CLI

        PEA     HBTask>>16      ; DelHeartBeat(@HBTask)
        PEA     HBTask
        _DelHeartBeat
        STA     <Vars.delErr
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

* Task: a Scheduler task (JSL, full native mode, B = its bank). Counts its runs in Ran
* and keeps the frame count and the busy flag it saw. Clobbers A.
Task    LDA     >Frames
        STA     >Seen
        LDA     >BUSY_FLAG
        AND     #$00FF
        STA     >SeenBusy
        LDA     >Ran
        INC     A
        STA     >Ran
        RTL

VersionParms DC.W 1             ; pCount
Version DC.W    0               ; version
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
Ran     DC.W    0               ; Scheduler task runs
Seen    DC.W    0               ; Frames as the task last saw it
SeenBusy DC.W   0               ; the busy flag as the task last saw it
        ENDP

* HBTask: a heartbeat task (header: TaskLink, TaskCnt, signature $A55A, then code).
* Counts Frames and re-arms itself for the next VBL. Inputs: JSL from the firmware
* (native, 8-bit registers, D = B = 0). Clobbers: nothing (P saved).
HBTask  PROC
        _HeartBeatCount Frames
        _HeartBeatExit
        ENDP

Frames  PROC                    ; VBLs the heartbeat task counted
        DC.W    0
        ENDP
        END
