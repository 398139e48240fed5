* A program for the programmer's bench (system.trace, system.monitor, system.profile):
* opens .CONSOLE through GS/OS, spends most of its cycles in the busy loop Busy (a
* JSR), doubles 3 with the JSL to Double, writes the digit and a return to the
* console, makes a ProDOS 16 OPEN of :OLD:FILE, then quits. Multiplies 6 by 7
* through the Integer Math Tool Set. With -d BRKS=1 it stops on BRK $07 just before quitting (a
* monitor can move the PC to AfterBrk and go on). Reads the I/O page once (SHADOW)
* and touches $C0A0, which no handler models.
* Expects the launch state (full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Bench   PROC
        _Launch
        _GSOS   $2010,OpenP     ; Open .CONSOLE for writing
        LDA     OpenP+2
        STA     WriteP+2
        PHA                     ; Multiply(6, 7): a tool call with inputs and a result
        PHA
        PEA     6
        PEA     7
        _Tool   $090B
        PLA
        PLA
        LDA     $E0C035         ; the SHADOW register
        STA     $E0C0A0         ; nothing answers here: unmodelled
        JSR     Busy
        LDA     #3
CallD   JSL     Double          ; A = 2 * A
AfterD  ORA     #$0D30          ; the digit, then a return
        STA     Text
        _GSOS   $2013,WriteP
        _GSOS   $0010,P16Open   ; ProDOS 16 OPEN (class 0): this GS/OS answers $0001
        IF      BRKS = 1 THEN
        BRK     $07
        ENDIF
AfterBrk _GSOS  $2029,QuitP
        BRK     $00

* Busy: the program's busy loop (DEX/BNE, COUNT times). Clobbers X.
Busy    LDX     #COUNT
Spin    DEX
        BNE     Spin
        RTS

* Double: A = 2 * A (16-bit). Called with JSL; returns with RTL.
Double  ASL     A
        RTL

Path    DC.W    8
        DC.B    '.CONSOLE'
OpenP   DC.W    3               ; pCount
        DC.W    0               ; refNum (out)
        DC.L    Path            ; pathname
        DC.W    2               ; requestAccess: write
WriteP  DC.W    4               ; pCount
        DC.W    0               ; refNum
        DC.L    Text            ; dataBuffer
        DC.L    2               ; requestCount
        DC.L    0               ; transferCount (out)
P16Open DC.W    0               ; ref_num (out)
        DC.L    P16Path         ; pathname: a Pascal string
        DC.L    0               ; io_buffer
P16Path DC.B    9,':OLD:FILE'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
Text    DC.W    0
        ENDP
        END
