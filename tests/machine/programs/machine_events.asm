* An event loop: EMStartUp, then GetNextEvent until a key-down arrives; stores the
* event's what and message words in direct-page words 0 and 2, then quits.
* Expects the launch state (A = user ID, D = the 4 KB direct-page/stack block).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Events  PROC
        LONGA   ON
        LONGI   ON
        PHK
        PLB
        TAY                     ; Y = user ID
        TDC                     ; EMStartUp(D + $100, 0, 0, 639, 0, 199, userID)
        CLC
        ADC     #$0100
        PHA
        PEA     0
        PEA     0
        PEA     639
        PEA     0
        PEA     199
        PHY
        _Tool   $0206
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
