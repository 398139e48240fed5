* Standard File from a program: starts the desktop tools on direct pages of its own,
* asks for a text file with SFGetFile2 (a TypeSelector2 list; the name in a new
* handle, the pathname in a buffer of its own), then for a name to save under with
* SFPutFile2, stores the error codes and quits. Expects the launch state.

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'

REF_IS_POINTER  EQU     0
REF_IS_NEW_HANDLE EQU   3

StdFile PROC
        _Launch
        STA     UserID
        _Tool   $0201                   ; TLStartUp
        LDA     UserID                  ; 7 DP pages in bank 0: the handle to DP 0..3,
        _NewDP  7,0                     ;   the block to A
        STA     ToolDP
        PHA                             ; QDStartUp(dp, 640 mode, 0, userID): 3 pages
        PEA     $0080
        PEA     $0000
        LDA     UserID
        PHA
        _Tool   $0204
        LDY     UserID                  ; EMStartUp past QuickDraw's 3 pages (dp+$300)
        LDA     ToolDP
        _EMStartUpScreen $0300
        LDA     UserID                  ; WindStartUp(userID)
        PHA
        _Tool   $020E
        LDA     UserID                  ; CtlStartUp(userID, dp+$400)
        PHA
        LDA     ToolDP
        CLC
        ADC     #$0400
        PHA
        _Tool   $0210
        LDA     UserID                  ; LEStartUp(userID, dp+$500)
        PHA
        LDA     ToolDP
        CLC
        ADC     #$0500
        PHA
        _Tool   $0214
        LDA     UserID                  ; DialogStartUp(userID)
        PHA
        _Tool   $0215
        LDA     UserID                  ; SFStartUp(userID, dp+$600)
        PHA
        LDA     ToolDP
        CLC
        ADC     #$0600
        PHA
        _Tool   $0217

        PEA     100                     ; SFGetFile2(100, 40, refIsPointer, @Prompt,
        PEA     40                      ;   no filter, @Types, @Reply)
        PEA     REF_IS_POINTER
        PEA     Prompt>>16
        PEA     Prompt
        PEA     0
        PEA     0
        PEA     Types>>16
        PEA     Types
        PEA     Reply>>16
        PEA     Reply
        _Tool   $0E17
        STA     GetErr

        PEA     100                     ; SFPutFile2(100, 40, refIsPointer, @SavePrompt,
        PEA     40                      ;   refIsPointer, @OrigName, @Reply2)
        PEA     REF_IS_POINTER
        PEA     SavePrompt>>16
        PEA     SavePrompt
        PEA     REF_IS_POINTER
        PEA     OrigName>>16
        PEA     OrigName
        PEA     Reply2>>16
        PEA     Reply2
        _Tool   $0F17
        STA     PutErr
        _GSOS   $2029,QuitP
        BRK     $00

UserID  DC.W    0
ToolDP  DC.W    0
GetErr  DC.W    $FFFF
PutErr  DC.W    $FFFF
Prompt  DC.B    15,'Open which file'
SavePrompt DC.B 8,'Save as:'
OrigName DC.W   6                       ; a GS/OS input string
        DC.B    'REPORT'
Types   DC.W    1                       ; TypeSelector2: text files ($04)
        DC.W    $8000                   ;   sfMatchFileType
        DC.W    $0004
        DC.L    0
Reply   DC.W    0                       ; good
        DC.W    0                       ; fileType
        DC.L    0                       ; auxType
        DC.W    REF_IS_NEW_HANDLE       ; nameDesc
        DC.L    0                       ; nameRef: Standard File's new handle
        DC.W    REF_IS_POINTER          ; pathDesc
        DC.L    Path                    ; pathRef: our buffer
Reply2  DC.W    0
        DC.W    0
        DC.L    0
        DC.W    REF_IS_POINTER
        DC.L    Name2
        DC.W    REF_IS_POINTER
        DC.L    Path2
Path    DC.W    68                      ; ResultBuf255: bufSize, then the string
        DS.B    66
Name2   DC.W    20
        DS.B    18
Path2   DC.W    68
        DS.B    66
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
