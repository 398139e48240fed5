* Input as a program reads it from the hardware and the ADB, beside the Event Manager.
* TextStartUp, EMStartUp; GetNextEvent until a key-down (prints "E", its key and its
* modifiers); then polls the keyboard latch $C000 for the next key (prints "L", the key
* and KEYMODREG $C025) and clears the strobe; GetNextEvent again until a key-down
* ("E"). Then ADB commands through AsyncADBReceive (and one Listen through
* SyncADBReceive), each printed as "A", the command, the tool's error and what the
* completion routine got (count, two data bytes), and the routine's call count.
* Then GS/OS Quit. Each field is printed as hex digits, fields apart by spaces.
* Expects the launch state (A = user ID, D = its direct page, full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'text.macros'
        INCLUDE 'sched.macros'

KBD      EQU    $E0C000         ; key in bits 0-6, strobe in bit 7
KBDSTRB  EQU    $E0C010         ; any access clears the strobe
KEYMODREG EQU   $E0C025         ; modifier keys of the last key
KEY_DOWN_MASK EQU $0008         ; GetNextEvent: key-down events only
RETURN   EQU    $0D
SPACE    EQU    $20
LISTEN_MOUSE_3 EQU $3B          ; ADB: address 3, Listen, register 3
MOUSE_200_CPI EQU $2302         ; register 3: SRQ on, address 3, handler 2

Input   PROC
        _Launch
        TAY                     ; Y = user ID
        _TextStartUp
        TDC                     ; EMStartUp on the page after ours (D + $100)
        _EMStartUpScreen $0100
        JSR     KeyEvent
        JSR     LatchKey
        JSR     KeyEvent
        LDX     #0              ; the ADB commands, one by one
@adb    PHX
        LDA     Commands,X
        JSR     Receive
        PLX
        INX
        INX
        CPX     #CommandsEnd-Commands
        BNE     @adb
        LDA     #LISTEN_MOUSE_3 ; SyncADBReceive(MOUSE_200_CPI, @Done, listen mouse 3)
        STA     Command
        JSR     ClearLast
        PEA     MOUSE_200_CPI
        PEA     Done>>16
        PEA     Done
        LDA     Command
        PHA
        _SyncADBReceive
        JSR     PrintAnswer
        LDA     #$3F            ; and the mouse's register 3 again
        JSR     Receive
        _GSOS   $2029,QuitP
        BRK     $00

* KeyEvent: GetNextEvent until a key-down; prints "E key modifiers". Clobbers A, X, Y.
KeyEvent
@wait   PHA
        PEA     KEY_DOWN_MASK
        PEA     Event>>16
        PEA     Event
        _GetNextEvent
        PLA
        BEQ     @wait
        LDA     #'E'
        JSR     Field
        LDA     Event+2         ; message: the key
        JSR     PrintByte
        JSR     Space
        LDA     Event+14        ; modifiers
        JSR     PrintWord
        JMP     NewLine

* LatchKey: poll $C000 until the strobe is set; prints "L key KEYMODREG", clears the
* strobe. Clobbers A, X, Y.
LatchKey
        SEP     #$20
        LONGA   OFF
@poll   LDA     >KBD
        BPL     @poll
        AND     #$7F
        STA     Latched
        LDA     >KEYMODREG
        STA     Latched+1
        STA     >KBDSTRB        ; taken
        REP     #$20
        LONGA   ON
        LDA     #'L'
        JSR     Field
        LDA     Latched
        JSR     PrintByte
        JSR     Space
        LDA     Latched+1
        JSR     PrintByte
        JMP     NewLine

* Receive: A = an ADB command byte; AsyncADBReceive(@Done, A), then PrintAnswer.
Receive STA     Command
        JSR     ClearLast
        PEA     Done>>16
        PEA     Done
        LDA     Command
        PHA
        _AsyncADBReceive
* PrintAnswer: A = the tool's error; prints "A command error count data data calls".
PrintAnswer
        STA     Error
        LDA     #'A'
        JSR     Field
        LDA     Command
        JSR     PrintByte
        JSR     Space
        LDA     Error
        JSR     PrintWord
        LDX     #0
@last   PHX
        JSR     Space
        PLX
        PHX
        LDA     Last,X
        JSR     PrintByte
        PLX
        INX
        CPX     #3
        BNE     @last
        JSR     Space
        LDA     Calls
        JSR     PrintByte
        JMP     NewLine

* ClearLast: the completion routine's answer to $EE (it writes over what it got).
ClearLast
        LDA     #$EEEE
        STA     Last
        STA     Last+2
        RTS

* Field: A = a letter; prints it and a space. PrintWord / PrintByte: A as 4 / 2 hex
* digits. NewLine, Space. All clobber A, X, Y.
Field   JSR     Char
Space   LDA     #SPACE
        BRA     Char
NewLine LDA     #RETURN
        BRA     Char
PrintWord
        PHA
        XBA
        JSR     PrintByte
        PLA
PrintByte
        AND     #$00FF
        PHA
        LSR     A
        LSR     A
        LSR     A
        LSR     A
        JSR     Digit
        PLA
        AND     #$000F
Digit   TAX
        LDA     Digits,X
        AND     #$00FF
Char    PHA                     ; WriteChar(A)
        _WriteChar
        RTS

Event   DS.B    16              ; what, message, when, where, modifiers
Latched DS.B    2               ; the key and KEYMODREG seen at $C000
Command DS.W    1
Error   DS.W    1
Commands DC.W   $2F,$3F,$2C,$2C,$2C,$3C,$3C,$4C   ; talk 3, 3, 0 ... and address 4
CommandsEnd
Digits  DC.B    '0123456789ABCDEF'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP

* Done: the ADB completion routine. Called with 8-bit registers and a pointer on the
* stack to the answer (a count byte, then the data); copies three bytes of it to Last
* and counts the call in Calls. Returns with RTL (the tool set pops the pointer).
* Clobbers A, X, Y, D (restored).
Done    PROC
        LONGA   OFF
        LONGI   OFF
        PHD
        TSC
        TCD                     ; the pointer is at D+6
        LDY     #0
@copy   LDA     [6],Y
        TYX
        STA     >Last,X
        INY
        CPY     #3
        BNE     @copy
        LDA     >Calls
        INC     A
        STA     >Calls
        PLD
        RTL
        ENDP

Data    PROC
        EXPORT  Last
        EXPORT  Calls
Last    DS.B    4               ; count, two data bytes (and a pad)
Calls   DC.B    0,0             ; completion routine calls (a word for printing)
        ENDP
        END
