* A classic desk accessory (file type $B9): the CDA header of the Desk Manager chapter
* (the name as a Pascal string, then the main and shutdown routines' addresses), a main
* routine that counts its runs and prints "CDA ran" through the Text Tools, and a
* shutdown routine that counts DeskShutDown. Both are called with JSL and RTL back.
* HIGH = 1 spells the name in high-bit ASCII, as many CDAs do.

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'text.macros'

EchoCDA PROC
        EXPORT  Runs
        EXPORT  Shuts
        LONGA   ON
        LONGI   ON
        IF      HIGH = 1 THEN
        DC.B    8,$C5,$E3,$E8,$EF,$A0,$C3,$C4,$C1   ; the same name, high-bit ASCII
        ELSE
        DC.B    8,'Echo CDA'            ; the name in the CDA menu
        ENDIF
        DC.L    Main                    ; main routine
        DC.L    ShutDown                ; shutdown routine

* Main: Inputs: none. Outputs: none. Clobbers: A, X, Y. Prints "CDA ran".
Main    PHB
        PHK
        PLB
        INC     Runs
        PEA     Said>>16
        PEA     Said
        _WriteCString
        PLB
        RTL

* ShutDown: Inputs: none. Outputs: none. Clobbers: A.
ShutDown PHB
        PHK
        PLB
        INC     Shuts
        PLB
        RTL

Said    DC.B    'CDA ran',13,0
Runs    DC.W    0
Shuts   DC.W    0
        ENDP
        END
