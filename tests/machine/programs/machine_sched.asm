* Start-up code's Scheduler and ADB: SchStartUp, SchStatus, SchAddTask(@Task), then
* GetNextEvent until the task has run (it increments Ran); ADBStartUp, ReadKeyMicroData
* (readVersionNum) and SyncADBReceive (address 5: no device, devNotAtAddr); shut both down, Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'text.macros'    ; _PushDP
        INCLUDE 'sched.macros'

EVERY_EVENT EQU $FFFF           ; GetNextEvent's mask: every event
READ_VERSION_NUM EQU $0D        ; ReadKeyMicroData: the microcontroller's version
TALK_NOWHERE EQU $5C            ; ADB command: talk, address 5 (empty), register 0
MAX_POLLS EQU   10              ; GetNextEvent calls before giving up on the task

Vars    RECORD  0
status  DS.W    1               ; SchStatus after SchStartUp
added   DS.W    1               ; SchAddTask's taskAdded
polls   DS.W    1               ; GetNextEvent calls until the task had run
ran     DS.W    1               ; times the task ran (Ran)
micro   DS.W    1               ; readVersionNum's byte (high byte 0)
syncErr DS.W    1               ; A after SyncADBReceive
event   DS.B    16              ; an event record
        ENDR

Main    PROC
        _Launch
        _SchStartUp
        PHA                     ; result space: activeFlag
        _SchStatus
        PLA
        STA     <Vars.status
        _AddTask Task
        STA     <Vars.added

        STZ     <Vars.polls     ; poll for events until the task has run
Poll    INC     <Vars.polls
        PHA                     ; GetNextEvent(every, @event): Boolean (dropped)
        PEA     EVERY_EVENT
        _PushDP Vars.event
        _GetNextEvent
        PLA
        LDA     Ran
        BNE     Ran1
        LDA     <Vars.polls
        CMP     #MAX_POLLS
        BCC     Poll
Ran1    LDA     Ran
        STA     <Vars.ran

        _ADBStartUp
        STZ     <Vars.micro     ; ReadKeyMicroData(1, @micro, readVersionNum)
        PEA     1
        _PushDP Vars.micro
        PEA     READ_VERSION_NUM
        _ReadKeyMicroData
        PEA     0               ; SyncADBReceive(0, @Task, talk 5): no device
        PEA     Task>>16
        PEA     Task
        PEA     TALK_NOWHERE
        _SyncADBReceive
        STA     <Vars.syncErr

        _ADBShutDown
        _SchShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP

* Task: the Scheduler's task. Increments Ran; B is its own bank while it runs.
* Inputs: none (JSL, full native mode). Outputs: Ran + 1. Clobbers: A, P.
* Cycles: about 30.
Task    PROC
        LONGA   ON
        LONGI   ON
        PHB
        PHK
        PLB
        INC     Ran
        PLB
        RTL
        ENDP

Ran     PROC
        DC.W    0               ; times Task ran
        ENDP
        END
