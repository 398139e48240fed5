* An event loop: EMStartUp, then GetNextEvent until a key-down arrives; stores the
* event's what and message words in direct-page words 0 and 2, then quits.
* Expects the launch state (A = user ID, D = the 4 KB direct-page/stack block).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Events  PROC
        _Launch
        TAY                     ; Y = user ID
        TDC                     ; EMStartUp on the page after ours (D + $100)
        _EMStartUpScreen $0100
Loop    PHA                     ; GetNextEvent($0008 = key-down only, @Event)
        PEA     $0008
        PEA     Event>>16
        PEA     Event
        _Tool   $0A06
        PLA
        BEQ     Loop            ; nothing yet
        LDA     Event           ; what
        STA     <0
        LDA     Event+2         ; message (low word)
        STA     <2
        _GSOS   $2029,QuitP
        BRK     $00

Event   DS.B    16              ; what, message, when, where, modifiers
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
