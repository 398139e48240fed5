* Text for a program that prints: TextStartUp, TextStatus, WriteCString a greeting,
* ReadLine a name (no echo) and answer "Hello, <name>" with WriteString, TextWriteBlock
* and WriteChar; then GS/OS: GetStdRefNum(11) before and after Open ".CONSOLE", Write a
* line through the refNum, Close; TextShutDown, then GS/OS Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'text.macros'

RETURN  EQU     $0D             ; the console's end of line
STD_OUT EQU     11              ; GS/OS prefix of standard output

Vars    RECORD  0
status  DS.W    1               ; TextStatus after TextStartUp
count   DS.W    1               ; ReadLine's charCount
noStd   DS.W    1               ; A after GetStdRefNum(11) with nothing open
ref     DS.W    1               ; Open(".CONSOLE")'s refNum
stdRef  DS.W    1               ; GetStdRefNum(11) after the Open
stdErr  DS.W    1               ; A after that GetStdRefNum
name    DS.B    16              ; ReadLine's buffer
        ENDR

Main    PROC
        _Launch
        _TextStartUp
        PHA                     ; result space: activeFlag
        _TextStatus
        PLA
        STA     <Vars.status

        PEA     Greeting>>16    ; WriteCString(@Greeting)
        PEA     Greeting
        _WriteCString

        PHA                     ; ReadLine(@name, 15, RETURN, no echo): charCount
        _PushDP Vars.name
        PEA     15
        PEA     RETURN
        PEA     0
        _ReadLine
        PLA
        STA     <Vars.count

        PEA     HelloP>>16      ; WriteString(@HelloP)
        PEA     HelloP
        _WriteString
        _PushDP Vars.name       ; TextWriteBlock(@name, 0, count)
        PEA     0
        PEI     <Vars.count
        _TextWriteBlock
        PEA     RETURN          ; WriteChar(RETURN)
        _WriteChar

        _GSOS   $2037,StdParms  ; GetStdRefNum(11): nothing open on it yet
        STA     <Vars.noStd
        _GSOS   $2010,OpenParms ; Open(".CONSOLE")
        LDA     OpenRef
        STA     <Vars.ref
        STA     WriteRef
        STA     CloseRef
        _GSOS   $2037,StdParms  ; GetStdRefNum(11): the console just opened
        STA     <Vars.stdErr
        LDA     StdRef
        STA     <Vars.stdRef
        _GSOS   $2013,WriteParms ; Write("from GS/OS", RETURN)
        _GSOS   $2014,CloseParms ; Close

        _TextShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

Greeting DC.B   'Hello from Text Tools',RETURN,0
HelloP  DC.B    7,'Hello, '
Console DC.W    8               ; GS/OS string: the console device
        DC.B    '.CONSOLE'
Line    DC.B    'from GS/OS',RETURN
LINE_LEN EQU    *-Line

StdParms DC.W   2               ; pCount
        DC.W    STD_OUT         ; prefixNum
StdRef  DC.W    0               ; refNum (out)
OpenParms DC.W  2               ; pCount
OpenRef DC.W    0               ; refNum (out)
        DC.L    Console         ; pathname
WriteParms DC.W 4               ; pCount
WriteRef DC.W   0               ; refNum
        DC.L    Line            ; dataBuffer
        DC.L    LINE_LEN        ; requestCount
        DC.L    0               ; transferCount (out)
CloseParms DC.W 1               ; pCount
CloseRef DC.W   0               ; refNum
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
