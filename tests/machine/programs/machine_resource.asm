* A resource-based desktop program's start: TLStartUp, MMStartUp, StartUpTools with
* its rToolStartup resource (refIsResource, ID 1: the tools and video mode come from
* the program's own resource fork), GetCurResourceFile, NewWindow2 from an rWindParam1
* resource, GetWRefCon, NewMenuBar2 from an rMenuBar resource, AlertWindow from an
* rAlertString resource with one C substitution string; ShutDownTools, Quit.
* Leaves each result in its direct page (the Vars record) for the test to read; the
* resource fork is written by the test (tests/machine/test_machine_resource.py).
* Expects: full native mode, D = its direct page (the launch state). Toolbox Reference
* vol. 3: ch. 51 (StartUpTools), 45 (Resource Manager), 52 (NewWindow2, AlertWindow),
* 37 (NewMenuBar2); Apple IIGS Technical Note #48 (AlertWindow).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'resource.macros'

REF_IS_HANDLE EQU 1             ; refDesc: a handle
REF_IS_RESOURCE EQU 2           ; refDesc: a resource ID
TOOL_STARTUP_ID EQU 1           ; the rToolStartup resource
WIND_PARAM1_ID EQU $10          ; the rWindParam1 resource
R_WIND_PARAM1 EQU $800E         ; its resource type
MENU_BAR_ID EQU 1               ; the rMenuBar resource
ALERT_ID EQU    9               ; the rAlertString resource
ALERT_BY_RESOURCE EQU $0004     ; alertFlags bits 2-1 = 10: alertStrRef is a resource ID
WINDOW_REFCON EQU $4B47         ; wRefCon given to NewWindow2 ("GK")

Vars    RECORD  0
myID    DS.W    1               ; MMStartUp's user ID
ssErr   DS.W    1               ; A after StartUpTools
ssRef   DS.L    1               ; StartUpTools' startStopRefRet (a handle)
fileID  DS.W    1               ; GetCurResourceFile: the program's fork
window  DS.L    1               ; NewWindow2's window
refCon  DS.L    1               ; GetWRefCon of it
bar     DS.L    1               ; NewMenuBar2's bar handle
button  DS.W    1               ; AlertWindow's answer (0 = first button)
        ENDR

Main    PROC
        _Launch
        _MyUserID Vars.myID

        PHA                     ; StartUpTools(myID, refIsResource, 1): startStopRefRet
        PHA
        LDA     <Vars.myID
        PHA
        PEA     REF_IS_RESOURCE
        PEA     0
        PEA     TOOL_STARTUP_ID
        _StartUpTools
        STA     <Vars.ssErr
        PLA
        STA     <Vars.ssRef
        PLA
        STA     <Vars.ssRef+2

        PHA                     ; GetCurResourceFile: fileID
        _GetCurResourceFile
        PLA
        STA     <Vars.fileID

        PHA                     ; NewWindow2(NIL, refCon, NIL, NIL, resource, ID, type)
        PHA
        PEA     0               ; titlePtr: the template's
        PEA     0
        PEA     0               ; refCon
        PEA     WINDOW_REFCON
        PEA     0               ; contentDrawPtr: the template's
        PEA     0
        PEA     0               ; defProcPtr: standard
        PEA     0
        PEA     REF_IS_RESOURCE ; paramTableDesc
        PEA     0               ; paramTableRef
        PEA     WIND_PARAM1_ID
        PEA     R_WIND_PARAM1   ; resourceType
        _NewWindow2
        PLA
        STA     <Vars.window
        PLA
        STA     <Vars.window+2

        PHA                     ; GetWRefCon(window): wRefCon
        PHA
        LDA     <Vars.window+2
        PHA
        LDA     <Vars.window
        PHA
        _GetWRefCon
        PLA
        STA     <Vars.refCon
        PLA
        STA     <Vars.refCon+2

        PHA                     ; NewMenuBar2(resource, ID, no window): menuBarHandle
        PHA
        PEA     REF_IS_RESOURCE
        PEA     0
        PEA     MENU_BAR_ID
        PEA     0
        PEA     0
        _NewMenuBar2
        PLA
        STA     <Vars.bar
        PLA
        STA     <Vars.bar+2

        PHA                     ; AlertWindow(by resource, @Subs, ID): buttonHit
        PEA     ALERT_BY_RESOURCE
        PEA     Subs>>16
        PEA     Subs
        PEA     0
        PEA     ALERT_ID
        _AlertWindow
        PLA
        STA     <Vars.button

        PEA     REF_IS_HANDLE   ; ShutDownTools(handle, ssRef)
        LDA     <Vars.ssRef+2
        PHA
        LDA     <Vars.ssRef
        PHA
        _ShutDownTools
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
Subs    DC.L    Player          ; AlertWindow's substitution strings: *0
Player  DC.B    'Hal',0         ; a C string (alertFlags bit 0 clear)
        ENDP
        END
