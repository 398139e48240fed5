* A program that moves its stack into bank-0 memory it allocated itself, as many IIGS
* programs do: NewHandle(STACK_SIZE, its ID, attrLocked+attrFixed+attrBank, bank 0),
* dereference, TCS to the block's top, then toolbox calls on the new stack (TLStartUp,
* MMStartUp, GetTick with its result space) before Quit.
* With -d IMBALANCE=1 it then calls GetTick without result space on that empty stack,
* a real stack imbalance the machine must still report.
* Expects: the launch state (A = user ID, full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'

STACK_SIZE      EQU     $0400
ATTRIBUTES      EQU     $C001           ; attrLocked + attrFixed + attrBank
HANDLE          EQU     0               ; direct page: the block's handle (long)
TICKS           EQU     4               ;   GetTick's answer on the new stack (long)
MY_ID           EQU     8               ;   MMStartUp's answer there
STACK_AT        EQU     10              ;   S after the TCS

OwnStack PROC
        _Launch
        PHA                             ; NewHandle(STACK_SIZE, ID, ATTRIBUTES, 0)
        PHA                             ;   result space
        PEA     0
        PEA     STACK_SIZE
        PHA                             ; the user ID, from A at launch
        PEA     ATTRIBUTES
        PEA     0
        PEA     0
        _Tool   $0902
        PLA
        STA     HANDLE
        PLA
        STA     HANDLE+2
        LDA     [HANDLE]                ; the block's address (bank 0)
        CLC
        ADC     #STACK_SIZE-1           ; its last byte: the new stack's top
        TCS
        STA     STACK_AT
        _Tool   $0201                   ; TLStartUp on the new stack
        PHA                             ; MMStartUp(): userID
        _Tool   $0202
        PLA
        STA     MY_ID
        PHA                             ; GetTick(): ticks
        PHA
        _Tool   $2503
        PLA
        STA     TICKS
        PLA
        STA     TICKS+2
        IF      IMBALANCE = 1 THEN
        _Tool   $2503                   ; GetTick with no result space pushed
        ENDIF
        _GSOS   $2029,QuitParms
        BRK     $00

QuitParms DC.W  0
        ENDP
        END
