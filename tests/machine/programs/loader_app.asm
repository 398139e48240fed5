* The System Loader and a user tool set, called the way a program does (Technical
* Note #73): InitialLoad2 the file USERTOOL from the program's own folder (prefix 9),
* SetTSPtr it as user tool set 5, call its functions through JSL $E10008 and through
* the second vector $E1000C from a glue routine, then load its dynamic segment by name
* and by number and call it. Results go to direct-page words (see the test); a failed
* call stores its step number at <0 and its error at <30, then quits.
* Expects the launch state: full native mode, A = its user ID, D = its direct page,
* B = K.

        CASE    ON
        INCLUDE 'machine_tools.macros'

* _Failed step: carry set after a call -> Fail with the step number in Y.
        MACRO
&lab    _Failed &step
&lab    LDY     #&step
        BCC     *+5
        BRL     Fail
        MEND

USER_TOOLS      EQU     $E10008
USER_TOOLS_2    EQU     $E1000C
TS              EQU     5                       ; the user tool set number it takes

Main    PROC
        _Launch
        STZ     <0
        STA     <32                             ; the launch's A: the program's user ID
* 1. InitialLoad2(userID, GS/OS pathname, spMemFlag 0, inputType 1): userID 0 (a new
*    one), or with OWN_ID = 1 the program's own, as tool-loading code does
*    (the file is then the ID's load file number 2)
        PEA     0                               ; result space: 10 bytes
        PEA     0
        PEA     0
        PEA     0
        PEA     0
        IF      OWN_ID = 1 THEN
        PEI     <32                             ; userID: the program's own
        ELSE
        PEA     0                               ; userID: a new one
        ENDIF
        PEA     ToolPath>>16
        PEA     ToolPath
        PEA     0                               ; spMemFlag
        PEA     1                               ; inputType: class 1 string
        _Tool   $2011                           ; InitialLoad2
        _Failed 1
        PLA
        STA     <2                              ; userID
        PLA
        STA     <4                              ; startAddr: the function table
        PLA
        STA     <6
        PLA                                     ; dPageAddr, buffSize: none
        PLA
* 2. SetTSPtr($8000, TS, startAddr): installs the set and runs its BootInit
        PEA     $8000
        PEA     TS
        PEI     <6
        PEI     <4
        _Tool   $0A01                           ; SetTSPtr
        _Failed 2
* 3. AddTwo(40, 2) through the first user vector
        PEA     0                               ; result space
        PEA     40
        PEA     2
        LDX     #$0900+TS
        JSL     USER_TOOLS
        _Failed 3
        PLA
        STA     <8
* 4. BootCount()
        PEA     0
        LDX     #$0A00+TS
        JSL     USER_TOOLS
        _Failed 4
        PLA
        STA     <10
* 5. AddTwo(7, 8) through the second vector, from a glue routine
        PEA     0
        PEA     7
        PEA     8
        JSL     Glue
        _Failed 5
        PLA
        STA     <12
* 6. A function past the end of the table: funcNotFoundErr, carry set
        LDX     #$1400+TS
        JSL     USER_TOOLS
        STA     <14
        LDY     #6
        BCS     *+5                             ; carry set, as it must be
        BRL     Fail
* 7. Version()
        PEA     0
        LDX     #$0400+TS
        JSL     USER_TOOLS
        PLA
        STA     <26
* 8. LoadSegName(userID, Pascal pathname, segment name) -> segAddr, userID, file, seg
        PEA     0
        PEA     0
        PEA     0
        PEA     0
        PEA     0
        PEI     <2
        PEA     ToolPathP>>16
        PEA     ToolPathP
        PEA     SegName>>16
        PEA     SegName
        _Tool   $0D11                           ; LoadSegName
        _Failed 8
        PLA
        STA     <40                             ; segAddr -> a long pointer
        PLA
        STA     <42
        PLA                                     ; userID
        PLA
        STA     <36                             ; fileNum: the tool file's number
        PLA                                     ; segNum
        JSR     CallAnswer
        STA     <16
* 9. LGetPathname2(userID, fileNum) -> a pointer to its GS/OS pathname
        PEA     0
        PEA     0
        PEI     <2
        PEI     <36
        _Tool   $2211                           ; LGetPathname2
        _Failed 9
        PLA
        STA     <18
        PLA
        STA     <20
* 10. UnloadSeg(segAddr) -> userID, fileNum, segNum; then LoadSegNum(userID, fileNum, 2)
        PEA     0
        PEA     0
        PEA     0
        PEI     <42
        PEI     <40
        _Tool   $0E11                           ; UnloadSeg
        _Failed 10
        PLA                                     ; userID
        PLA                                     ; fileNum
        PLA
        STA     <22                             ; segNum
        PEA     0
        PEA     0
        PEI     <2
        PEI     <36
        PEA     2
        _Tool   $0B11                           ; LoadSegNum
        _Failed 11
        PLA
        STA     <40
        PLA
        STA     <42
        JSR     CallAnswer
        STA     <24
* 12. GetUserID2(GS/OS pathname) -> the tool file's user ID again
        PEA     0
        PEA     ToolPath>>16
        PEA     ToolPath
        _Tool   $2111                           ; GetUserID2
        _Failed 12
        PLA
        STA     <28
        BRA     Quit
Fail    STY     <0
        STA     <30
Quit    _GSOS   $2029,QuitP

* CallAnswer: JSL to the long pointer at <40 (the dynamic segment's Answer): the
* return address, then the target - 1, pushed; RTL goes there.
* Outputs: A = what Answer returns. Clobbers: A.
CallAnswer PHK
        PER     Back-1
        SEP     #$20
        LONGA   OFF
        LDA     <42                             ; the target's bank
        PHA
        REP     #$20
        LONGA   ON
        LDA     <40
        DEC     A
        PHA
        RTL
Back    RTS

* Glue: a tool call through the second user vector, the caller's return address the
* extra RTL one above the parameters. Inputs: the parameters on the stack.
Glue    LDX     #$0900+TS
        JSL     USER_TOOLS_2
        RTL

ToolPath DC.W   10                              ; GS/OS string
        DC.B    '9:USERTOOL'
ToolPathP DC.B  10                              ; Pascal string
        DC.B    '9:USERTOOL'
SegName DC.B    6
        DC.B    'Answer'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
