* The Integer Math Tool Set from a program: IMStartUp, IMStatus, Multiply, SDivide,
* FixRatio, FracCos, Dec2Int (a good and a bad string), UDivide by zero, Int2Dec and
* Int2Hex into direct-page buffers, IMShutDown, then GS/OS Quit.
* Leaves each result in its direct page (the Vars record) for the test to read.
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'intmath.macros'

Vars    RECORD  0
status  DS.W    1               ; IMStatus after IMStartUp
product DS.L    1               ; Multiply(300, 400)
quotient DS.W   1               ; SDivide(-7, 2)
remainder DS.W  1
ratio   DS.L    1               ; FixRatio(1, 3)
cosine  DS.L    1               ; FracCos(0)
parsed  DS.W    1               ; Dec2Int(' -1234', signed)
parseErr DS.W   1               ; A after Dec2Int('12x4')
divErr  DS.W    1               ; A after UDivide(1, 0)
decText DS.B    6               ; Int2Dec(-321, 6 wide, signed)
hexText DS.B    4               ; Int2Hex($BEEF, 4 wide)
        ENDR

Main    PROC
        _Launch
        _IMStartUp
        PHA                     ; result space: activeFlag
        _IMStatus
        PLA
        STA     <Vars.status

        PHA                     ; Multiply(300, 400): product:L
        PHA
        PEA     300
        PEA     400
        _Multiply
        PLA
        STA     <Vars.product
        PLA
        STA     <Vars.product+2

        PHA                     ; SDivide(-7, 2): quotient:W, remainder:W
        PHA
        PEA     -7
        PEA     2
        _SDivide
        PLA
        STA     <Vars.quotient
        PLA
        STA     <Vars.remainder

        PHA                     ; FixRatio(1, 3): Fixed
        PHA
        PEA     1
        PEA     3
        _FixRatio
        PLA
        STA     <Vars.ratio
        PLA
        STA     <Vars.ratio+2

        PHA                     ; FracCos(0): Frac
        PHA
        PEA     0
        PEA     0
        _FracCos
        PLA
        STA     <Vars.cosine
        PLA
        STA     <Vars.cosine+2

        PHA                     ; Dec2Int(Number, 6, signed): Integer
        PEA     Number>>16
        PEA     Number
        PEA     6
        PEA     1
        _Dec2Int
        PLA
        STA     <Vars.parsed

        PHA                     ; Dec2Int(Bad, 4, signed): imIllegalChar
        PEA     Bad>>16
        PEA     Bad
        PEA     4
        PEA     1
        _Dec2Int
        STA     <Vars.parseErr
        PLA

        PHA                     ; UDivide(1, 0): imBadInptParam
        PHA
        PEA     1
        PEA     0
        _UDivide
        STA     <Vars.divErr
        PLA
        PLA

        PEA     -321            ; Int2Dec(-321, @decText, 6, signed)
        _PushDP Vars.decText
        PEA     6
        PEA     1
        _Int2Dec

        PEA     $BEEF           ; Int2Hex($BEEF, @hexText, 4)
        _PushDP Vars.hexText
        PEA     4
        _Int2Hex

        _IMShutDown
        _GSOS   $2029,QuitParms ; Quit
        BRK     $01             ; never reached

Number  DC.B    ' -1234'
Bad     DC.B    '12x4'
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
