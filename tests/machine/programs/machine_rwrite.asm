* A program that saves a Teach document the way a text converter does: GS/OS Create and
* Write of the data fork (the text), then the Resource Manager gives the file a resource
* fork and writes its style resources. Toolbox Reference vol. 3, ch. 45; GS/OS
* Reference vol. 1 (Create, Open, Read, Write, Close).
*   Phase 1: ResourceStartUp; Create NOTES (type $50, aux $5445, a standard file),
*            write its text; CreateResourceFile on it; OpenResourceFile for reading and
*            writing; AddResource of an rStyleBlock (ID 1) and an rText (ID 1) made
*            with NewHandle and PtrToHand; UpdateResourceFile; CloseResourceFile.
*   Phase 2 (when PHASES = 2): OpenResourceFile again; LoadResource of the
*            rStyleBlock, PtrToHand of a longer style into its handle,
*            MarkResourceChange and WriteResource; RemoveResource of the rText;
*            CloseResourceFile; then GS/OS Open of the resource fork (resourceNumber
*            1) and Read of its 12-byte header into Vars.header.
* Then ResourceShutDown and Quit. A failing call stops with BRK $EE, A (its error) in
* Vars.err and the step that failed in Vars.step.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'
        INCLUDE 'resource.macros'

R_STYLE_BLOCK EQU $8012         ; rStyleBlock
R_TEXT  EQU     $8016           ; rText
READ_WRITE EQU  3               ; openAccess: readEnable + writeEnable
TEACH_TYPE EQU  $50             ; fileType: GWP (a word-processor document)
TEACH_AUX EQU   $5445           ; auxType: 'TE', Teach
FILE_ACCESS EQU $C3             ; destroy, rename, write, read

* _OrFail: after a call, on to Fail when the carry is set (an error in A).
        MACRO
&lab    _OrFail
&lab    BCC     *+5
        BRL     Fail
        MEND

Vars    RECORD  0
myID    DS.W    1               ; MMStartUp's user ID
step    DS.W    1               ; the step being run (the failing one, on BRK $EE)
err     DS.W    1               ; the error A held when a step failed
fileID  DS.W    1               ; OpenResourceFile's file ID
hand    DS.L    1               ; a handle being filled or changed
header  DS.B    12              ; the resource fork's first 12 bytes (phase 2)
        ENDR

Main    PROC
        _Launch
        _MyUserID Vars.myID
        LDA     #1
        STA     <Vars.step
        LDA     <Vars.myID      ; ResourceStartUp(myID)
        PHA
        _ResourceStartUp
        _OrFail

        INC     <Vars.step      ; 2: the data fork
        _GSOS   $2001,CreateP
        _OrFail
        _GSOS   $2010,OpenP
        _OrFail
        LDA     OpenP+2
        STA     WriteP+2
        STA     CloseP+2
        _GSOS   $2013,WriteP
        _OrFail
        _GSOS   $2014,CloseP
        _OrFail

        INC     <Vars.step      ; 3: CreateResourceFile(aux, type, access, name)
        PEA     0
        PEA     TEACH_AUX
        PEA     TEACH_TYPE
        PEA     FILE_ACCESS
        PEA     Path>>16
        PEA     Path
        _CreateResourceFile
        _OrFail

        INC     <Vars.step      ; 4
        JSR     OpenRes
        _OrFail
        INC     <Vars.step      ; 5: the rStyleBlock
        LDX     #Style
        LDY     #STYLE_SIZE
        JSR     FillHandle
        _OrFail
        LDA     #R_STYLE_BLOCK
        JSR     AddIt
        _OrFail
        INC     <Vars.step      ; 6: the rText
        LDX     #Text
        LDY     #TEXT_SIZE
        JSR     FillHandle
        _OrFail
        LDA     #R_TEXT
        JSR     AddIt
        _OrFail
        INC     <Vars.step      ; 7: UpdateResourceFile(fileID), CloseResourceFile
        LDA     <Vars.fileID
        PHA
        _UpdateResourceFile
        _OrFail
        LDA     <Vars.fileID
        PHA
        _CloseResourceFile
        _OrFail
        IF      PHASES = 2 THEN
        JSR     Phase2
        _OrFail
        ENDIF

        LDA     #99             ; done
        STA     <Vars.step
        _ResourceShutDown
        _OrFail
        _GSOS   $2029,QuitP
Fail    STA     <Vars.err
        BRK     $EE

* OpenRes: OpenResourceFile(READ_WRITE, no map, Path) -> Vars.fileID.
* Out: carry set and A the error on failure. Clobbers A, X, Y.
OpenRes PHA                     ; fileID
        PEA     READ_WRITE
        PEA     0               ; mapAddress: none
        PEA     0
        PEA     Path>>16
        PEA     Path
        _OpenResourceFile
        PLX
        STX     <Vars.fileID
        RTS

* FillHandle: a new handle of the program's (NewHandle of 0 bytes) given the bytes at
* X (in this bank), Y of them, by PtrToHand -> Vars.hand.
* Out: carry set and A the error on failure. Clobbers A, X, Y.
FillHandle PHY                  ; keep count and source for PtrToHand
        PHX
        PHA                     ; NewHandle(0, myID, 0, 0): handle
        PHA
        PEA     0
        PEA     0
        LDA     <Vars.myID
        PHA
        PEA     0
        PEA     0
        PEA     0
        _NewHandle
        PLA
        STA     <Vars.hand
        PLA
        STA     <Vars.hand+2
        PLX
        PLY
        BCS     FillDone
* PutBytes: PtrToHand(X in this bank, Vars.hand, Y bytes). Out: carry, A as above.
PutBytes PHB                    ; srcPtr: high word the bank (B = K), low word X
        PHB
        PLA
        AND     #$00FF
        PHA
        PHX
        LDA     <Vars.hand+2    ; theHandle
        PHA
        LDA     <Vars.hand
        PHA
        PEA     0               ; count
        PHY
        _PtrToHand
FillDone RTS

* AddIt: AddResource(Vars.hand, 0, type in A, ID 1).
* Out: carry set and A the error on failure. Clobbers A, X, Y.
AddIt   TAX
        LDA     <Vars.hand+2
        PHA
        LDA     <Vars.hand
        PHA
        PEA     0               ; resAttr
        PHX                     ; resType
        PEA     0               ; resID 1
        PEA     1
        _AddResource
        RTS

        IF      PHASES = 2 THEN
* Phase2: reopen, change the rStyleBlock and write it, remove the rText, close; read
* the fork's header through GS/OS. Out: carry set and A the error on failure.
Phase2  LDA     #10
        STA     <Vars.step
        JSR     OpenRes
        _OrFail
        INC     <Vars.step      ; 11: LoadResource(rStyleBlock, 1)
        PHA
        PHA
        PEA     R_STYLE_BLOCK
        PEA     0
        PEA     1
        _LoadResource
        PLA
        STA     <Vars.hand
        PLA
        STA     <Vars.hand+2
        _OrFail
        INC     <Vars.step      ; 12: a longer style into its handle
        LDX     #Style2
        LDY     #STYLE2_SIZE
        JSR     PutBytes
        _OrFail
        INC     <Vars.step      ; 13: MarkResourceChange(TRUE), WriteResource
        PEA     $FFFF
        PEA     R_STYLE_BLOCK
        PEA     0
        PEA     1
        _MarkResourceChange
        _OrFail
        PEA     R_STYLE_BLOCK
        PEA     0
        PEA     1
        _WriteResource
        _OrFail
        INC     <Vars.step      ; 14: RemoveResource(rText, 1), CloseResourceFile
        PEA     R_TEXT
        PEA     0
        PEA     1
        _RemoveResource
        _OrFail
        LDA     <Vars.fileID
        PHA
        _CloseResourceFile
        _OrFail
        INC     <Vars.step      ; 15: GS/OS Open of the resource fork, Read, Close
        _GSOS   $2010,ForkP
        _OrFail
        LDA     ForkP+2
        STA     ReadP+2
        STA     CloseP+2
        TDC                     ; dataBuffer: Vars.header in the direct page (bank 0)
        CLC
        ADC     #Vars.header
        STA     ReadP+4
        _GSOS   $2012,ReadP
        _OrFail
        _GSOS   $2014,CloseP
P2Done  RTS
        ENDIF

Path    DC.W    5               ; GSString: the document
        DC.B    'NOTES'
Words   DC.B    'Gin rummy rules',13
WORDS_SIZE EQU  *-Words
Style   DC.B    'STYLE1'        ; stand-ins for a TextEdit style record's bytes
STYLE_SIZE EQU  *-Style
Text    DC.B    'Gin rummy rules',13
TEXT_SIZE EQU   *-Text
Style2  DC.B    'STYLE2, longer now'
STYLE2_SIZE EQU *-Style2

CreateP DC.W    5               ; pCount
        DC.L    Path            ; pathname
        DC.W    FILE_ACCESS     ; access
        DC.W    TEACH_TYPE      ; fileType
        DC.L    TEACH_AUX       ; auxType
        DC.W    1               ; storageType: a standard file
OpenP   DC.W    3               ; pCount
        DC.W    0               ; refNum (out)
        DC.L    Path
        DC.W    2               ; requestAccess: write
WriteP  DC.W    4               ; pCount
        DC.W    0               ; refNum
        DC.L    Words           ; dataBuffer
        DC.L    WORDS_SIZE      ; requestCount
        DC.L    0               ; transferCount (out)
ForkP   DC.W    4               ; pCount
        DC.W    0               ; refNum (out)
        DC.L    Path
        DC.W    1               ; requestAccess: read
        DC.W    1               ; resourceNumber: the resource fork
ReadP   DC.W    4               ; pCount
        DC.W    0               ; refNum
        DC.L    0               ; dataBuffer (set: Vars.header)
        DC.L    12              ; requestCount
        DC.L    0               ; transferCount (out)
CloseP  DC.W    1
        DC.W    0
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
