* QuickDraw II Auxiliary as a program uses it: QDStartUp (320 mode) on direct pages of
* its own, QDAuxStartUp, WaitCursor and GetCursorAdr, DrawIcon of a 2 x 2 colour icon
* plain at (10, 20) and selected at (20, 20), reading pixels back with GetPixel, and a
* CopyPixels with rectangles of different sizes (badRectSize); shut both down, Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page, A = its user ID (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'

MODE_320 EQU    $00             ; QDStartUp's master SCB: 320 mode
SELECTED EQU    $0001           ; DrawIcon's displayMode: selected (inverted)
ICON_H  EQU     10              ; where the plain icon goes
ICON_V  EQU     20
ICON2_H EQU     20              ; where the selected one goes

Vars    RECORD  0
userID  DS.W    1               ; the launch user ID
dpHandle DS.L   1               ; QuickDraw's direct pages
status  DS.W    1               ; QDAuxStatus after QDAuxStartUp
cursor  DS.L    1               ; GetCursorAdr after WaitCursor
pixels  DS.W    4               ; GetPixel of the plain icon: (0,0) (1,0) (0,1) (1,1)
selected DS.W   1               ; GetPixel of the selected icon's top-left
copyErr DS.W    1               ; A after CopyPixels with unequal rectangles
        ENDR

Main    PROC
        _Launch
        STA     <Vars.userID
        _NewDP  3,Vars.dpHandle ; A = QuickDraw's 3 pages
        _QDStartUpDP MODE_320,Vars.userID
        _QDAuxStartUp
        PHA                     ; result space: activeFlag
        _QDAuxStatus
        PLA
        STA     <Vars.status

        _InitCursor
        _WaitCursor             ; the watch
        PHA                     ; GetCursorAdr(): cursorPtr
        PHA
        _GetCursorAdr
        PLA
        STA     <Vars.cursor
        PLA
        STA     <Vars.cursor+2

        PEA     Icon>>16        ; DrawIcon(@Icon, 0, ICON_H, ICON_V)
        PEA     Icon
        PEA     0
        PEA     ICON_H
        PEA     ICON_V
        _DrawIcon
        LDX     #0              ; read the four pixels back
        LDY     #ICON_V
        JSR     ReadPair
        LDX     #4
        LDY     #ICON_V+1
        JSR     ReadPair

        PEA     Icon>>16        ; DrawIcon(@Icon, selected, ICON2_H, ICON_V)
        PEA     Icon
        PEA     SELECTED
        PEA     ICON2_H
        PEA     ICON_V
        _DrawIcon
        PHA                     ; GetPixel(ICON2_H, ICON_V): pixel
        PEA     ICON2_H
        PEA     ICON_V
        _GetPixel
        PLA
        STA     <Vars.selected

        PEA     ScreenLoc>>16   ; CopyPixels(@ScreenLoc, @ScreenLoc, @Small, @Big,
        PEA     ScreenLoc       ;   copy, no mask): not the same size
        PEA     ScreenLoc>>16
        PEA     ScreenLoc
        PEA     Small>>16
        PEA     Small
        PEA     Big>>16
        PEA     Big
        PEA     0
        PEA     0
        PEA     0
        _CopyPixels
        STA     <Vars.copyErr

        _QDAuxShutDown
        _QDShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

* ReadPair: GetPixel of (ICON_H, Y) and (ICON_H + 1, Y) into Vars.pixels + X, + X + 2.
* Inputs: X = offset in Vars.pixels, Y = the row. Outputs: the two words.
* Clobbers: A, X, Y. Cycles: two tool calls and about 60.
ReadPair PHX
        PHY
        PHA                     ; GetPixel(ICON_H, row): pixel
        PEA     ICON_H
        PHY
        _GetPixel
        PLA
        PLY
        PLX
        STA     <Vars.pixels,X
        PHX
        PHA                     ; GetPixel(ICON_H + 1, row): pixel
        PEA     ICON_H+1
        PHY
        _GetPixel
        PLA
        PLX
        STA     <Vars.pixels+2,X
        RTS

Icon    DC.W    $8000           ; iconType: a colour icon
        DC.W    2               ; iconSize: 2 rows of 1 byte
        DC.W    2               ; iconHeight
        DC.W    2               ; iconWidth
        DC.B    $12,$4A         ; iconImage: pixels 1 2 / 4 A
        DC.B    $FF,$FF         ; iconMask: all drawn

ScreenLoc DC.W  MODE_320        ; LocInfo of the screen: portSCB
        DC.L    $E12000         ;   ptrToPixImage
        DC.W    160             ;   width
        DC.W    0,0,200,320     ;   boundsRect
Small   DC.W    0,0,2,2         ; 2 x 2
Big     DC.W    10,10,14,14     ; 4 x 4

QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
