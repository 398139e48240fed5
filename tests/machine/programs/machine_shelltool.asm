* A shell tool's file and message calls, as an ORCA/C tool such as tar makes them:
* CreateGS with pCount 1 (pathname only: GS/OS's defaults for the rest), OpenGS for
* writing, WriteGS, CloseGS; then an OpenGS of a file that is not there, whose error
* goes to the ORCA/Shell's ErrorGS ($0145) for its text; then QuitGS.
* On an unexpected error it stores A in direct-page word 0 and stops with BRK $EE.

        CASE    ON
        INCLUDE 'machine_tools.macros'

Tool    PROC
        _Launch
        STZ     <0
        _GSOS   $2001,CreateP   ; CreateGS NEW.TAR, pCount 1
        BCS     Fail
        _GSOS   $2010,OpenP     ; OpenGS it for writing
        BCS     Fail
        LDA     OpenP+2
        STA     WriteP+2
        STA     CloseP+2
        _GSOS   $2013,WriteP
        BCS     Fail
        _GSOS   $2014,CloseP
        BCS     Fail
        _GSOS   $2010,MissingP  ; OpenGS a file that is not there
        BCC     Fail            ; (it must fail)
        STA     ErrorP+2
        _GSOS   $0145,ErrorP    ; ErrorGS: the shell prints what it means
        BCS     Fail
        _GSOS   $2029,QuitP
Fail    STA     <0
        BRK     $EE

Path    DC.W    7
        DC.B    'NEW.TAR'
Missing DC.W    7
        DC.B    'NO.FILE'
CreateP DC.W    1               ; pCount: the pathname only
        DC.L    Path
OpenP   DC.W    3
        DC.W    0               ; refNum (out)
        DC.L    Path
        DC.W    2               ; requestAccess: write
WriteP  DC.W    4
        DC.W    0
        DC.L    Text
        DC.L    5
        DC.L    0
CloseP  DC.W    1
        DC.W    0
MissingP DC.W   2
        DC.W    0
        DC.L    Missing
ErrorP  DC.W    1               ; pCount
        DC.W    0               ; error
QuitP   DC.W    0
Text    DC.B    'ustar'
        ENDP
        END
