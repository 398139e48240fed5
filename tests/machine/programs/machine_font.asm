* The Font Manager as a program's start-up uses it: QDStartUp (640 mode) and FMStartUp
* on direct pages of its own, CountFamilies, FindFamily(0) with its name, GetFamNum of
* "Geneva" (not here: fmFamNotFndErr), InstallFont of the system font ($FFFE, bold,
* 8 points) and FMGetCurFID; FMShutDown, QDShutDown, Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page, A = its user ID (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'

MODE_640 EQU    $80             ; QDStartUp's master SCB: 640 mode
QD_PAGES EQU    3               ; direct pages: QuickDraw II's, then the Font Manager's
SHASTON EQU     $FFFE           ; the system font's family (TN #41)
BOLD_8  EQU     $0801           ; fontID high word: size 8, style bold

Vars    RECORD  0
userID  DS.W    1               ; the launch user ID
dpHandle DS.L   1               ; the tools' direct pages
families DS.W   1               ; CountFamilies(0)
famNum  DS.W    1               ; FindFamily(0, 0, @name)
name    DS.B    26              ; its name (a Pascal string)
genevaErr DS.W  1               ; A after GetFamNum("Geneva")
curFID  DS.L    1               ; FMGetCurFID after InstallFont
        ENDR

Main    PROC
        _Launch
        STA     <Vars.userID
        _NewDP  QD_PAGES+1,Vars.dpHandle
        PHA                     ; the dp again, for FMStartUp below
        _QDStartUpDP MODE_640,Vars.userID
        PLA                     ; FMStartUp(userID, dp + QD_PAGES pages)
        CLC
        ADC     #QD_PAGES*$100
        TAX
        PEI     <Vars.userID
        PHX
        _FMStartUp

        PHA                     ; CountFamilies(0): count
        PEA     0
        _CountFamilies
        PLA
        STA     <Vars.families
        PHA                     ; FindFamily(0, 0, @name): famNum
        PEA     0
        PEA     0
        PEA     $0000           ; @name: bank 0, D + Vars.name
        TDC
        CLC
        ADC     #Vars.name
        PHA
        _FindFamily
        PLA
        STA     <Vars.famNum

        PHA                     ; GetFamNum(@Geneva): famNum (dropped)
        PEA     Geneva>>16
        PEA     Geneva
        _GetFamNum
        STA     <Vars.genevaErr
        PLA

        PEA     BOLD_8          ; InstallFont(Shaston bold 8, 0)
        PEA     SHASTON
        PEA     0
        _InstallFont
        PHA                     ; FMGetCurFID(): fontID
        PHA
        _FMGetCurFID
        PLA
        STA     <Vars.curFID
        PLA
        STA     <Vars.curFID+2

        _FMShutDown
        _QDShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

Geneva  DC.B    6,'Geneva'
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
