* QuickDraw II polygons as a program draws them (a 3D viewer's faces): QDStartUp in the
* mode the test defines (MASTER_SCB) on direct pages of its own; OpenPoly, MoveTo and
* LineTo the points of a concave arrow, ClosePoly; PaintPoly in colour 2, FramePoly with
* a 2 x 1 pen in colour 1; then a four-point face the program writes into a handle of its
* own (the polygon record: polySize, polyBBox, points), OffsetPoly'd, FillPoly'd with a
* pattern, MapPoly'd to twice its height and InvertPoly'd in XOR mode; KillPoly both,
* QDShutDown, Quit. The test compares the screen with the same drawing done by the
* toolbox's core, and reads the handles and the hand-built record back.
* Expects: full native mode, D = its direct page, A = its user ID (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'aux.macros'
        INCLUDE 'poly.macros'

MODE_XOR EQU    $0002           ; SetPenMode: XOR
FACE_SIZE EQU   10+4*4          ; polySize of a four-point polygon

Vars    RECORD  0
userID  DS.W    1               ; the launch user ID
dpHandle DS.L   1               ; QuickDraw's direct pages
arrow   DS.L    1               ; OpenPoly's handle
face    DS.L    1               ; the handle the program fills in itself
ptr     DS.L    1               ; its block
        ENDR

Main    PROC
        _Launch
        STA     <Vars.userID
        _NewDP  3,Vars.dpHandle ; A = QuickDraw's 3 pages
        _QDStartUpDP MASTER_SCB,Vars.userID

        PHA                     ; arrow := OpenPoly()
        PHA
        _OpenPoly
        PLA
        STA     <Vars.arrow
        PLA
        STA     <Vars.arrow+2
        PEA     5               ; MoveTo(5, 5), then the other points
        PEA     5
        _MoveTo
        LDX     #0
NextPt  PHX
        LDA     ArrowPts,X      ; h
        PHA
        LDA     ArrowPts+2,X    ; v
        PHA
        _LineTo
        PLX
        INX
        INX
        INX
        INX
        CPX     #ARROW_BYTES
        BNE     NextPt
        _ClosePoly

        PEA     2               ; PaintPoly(arrow) in colour 2
        _SetSolidPenPat
        PEI     <Vars.arrow+2
        PEI     <Vars.arrow
        _PaintPoly
        PEA     1               ; FramePoly(arrow): 2 x 1 pen, colour 1
        _SetSolidPenPat
        PEA     2
        PEA     1
        _SetPenSize
        PEI     <Vars.arrow+2
        PEI     <Vars.arrow
        _FramePoly

        PHA                     ; face := NewHandle(FACE_SIZE, userID, 0, 0)
        PHA
        PEA     0
        PEA     FACE_SIZE
        PEI     <Vars.userID
        PEA     0
        PEA     0
        PEA     0
        _NewHandle
        PLA
        STA     <Vars.face
        PLA
        STA     <Vars.face+2
        LDA     [<Vars.face]    ; its block
        STA     <Vars.ptr
        LDY     #2
        LDA     [<Vars.face],Y
        STA     <Vars.ptr+2
        LDY     #FACE_SIZE-2    ; copy the record in
CopyFace LDA    Face,Y
        STA     [<Vars.ptr],Y
        DEY
        DEY
        BPL     CopyFace

        PEI     <Vars.face+2    ; OffsetPoly(face, 40, 10)
        PEI     <Vars.face
        PEA     40
        PEA     10
        _OffsetPoly
        PEI     <Vars.face+2    ; FillPoly(face, @Stripes)
        PEI     <Vars.face
        PEA     Stripes>>16
        PEA     Stripes
        _FillPoly
        PEI     <Vars.face+2    ; MapPoly(face, @Unit, @Tall)
        PEI     <Vars.face
        PEA     Unit>>16
        PEA     Unit
        PEA     Tall>>16
        PEA     Tall
        _MapPoly
        PEA     MODE_XOR        ; InvertPoly ignores the pen mode
        _SetPenMode
        PEI     <Vars.face+2
        PEI     <Vars.face
        _InvertPoly

        PEI     <Vars.arrow+2   ; KillPoly both
        PEI     <Vars.arrow
        _KillPoly
        _QDShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

ArrowPts DC.W   45,25, 5,45, 20,25 ; (h, v) after (5, 5): a concave arrow head
ARROW_BYTES EQU *-ArrowPts
Face    DC.W    FACE_SIZE       ; polySize
        DC.W    20,10,50,40     ; polyBBox: top, left, bottom, right
        DC.W    20,10, 20,40, 50,30, 40,10  ; points (v, h)
Stripes DC.B    $12,$12,$12,$12 ; a pattern: rows of pixels 1 2 1 2 ... (320 mode)
        DC.B    $34,$34,$34,$34, $12,$12,$12,$12, $34,$34,$34,$34
        DC.B    $12,$12,$12,$12, $34,$34,$34,$34, $12,$12,$12,$12, $34,$34,$34,$34
Unit    DC.W    0,0,100,100     ; MapPoly: from this rect ...
Tall    DC.W    0,0,200,100     ; ... to this one: v doubled
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
