* GS/OS file calls through the in-line entry: Create, Open, Write, Close, then Quit.
* Writes the 11 bytes "GIN RUMMY!\r" to the file NOTES in the volume directory.
* On any error it stores A in direct-page word 0 and stops with BRK $EE.
* Expects the launch state (full native mode, D = its direct page).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Files   PROC
        _Launch
        STZ     <0
        _GSOS   $2001,CreateP   ; Create NOTES, type $04 (TXT)
        BCS     Fail
        _GSOS   $2010,OpenP     ; Open it for writing
        BCS     Fail
        LDA     OpenP+2         ; refNum -> Write and Close blocks
        STA     WriteP+2
        STA     CloseP+2
        _GSOS   $2013,WriteP
        BCS     Fail
        _GSOS   $2014,CloseP
        BCS     Fail
        _GSOS   $2029,QuitP
Fail    STA     <0
        BRK     $EE

Path    DC.W    14              ; GSString: length word, then the characters
        DC.B    ':GINKING:NOTES'
CreateP DC.W    3               ; pCount
        DC.L    Path            ; pathname
        DC.W    $C3             ; access: destroy, rename, read, write
        DC.W    $04             ; fileType: TXT
OpenP   DC.W    3               ; pCount
        DC.W    0               ; refNum (out)
        DC.L    Path
        DC.W    2               ; requestAccess: write
WriteP  DC.W    4               ; pCount
        DC.W    0               ; refNum
        DC.L    Text            ; dataBuffer
        DC.L    11              ; requestCount
        DC.L    0               ; transferCount (out)
CloseP  DC.W    1
        DC.W    0
QuitP   DC.W    2
        DC.L    0
        DC.W    0
Text    DC.B    'GIN RUMMY!',13
        ENDP
        END
