* Tool calls this toolbox lacks, made the way a program checks them (ORCA/C's start-up
* calls SANEStatus and looks at the carry; MidiStatus stands in for it here): after each
* call it keeps A, the carry and how far S moved from before the call's pushes to after
* the caller pulled its result (0 when the stack is balanced), then GS/OS Quit. Its
* test takes the MIDI Tool Set and FrameArc out of the toolbox first.
*   1  MidiStatus ($0620): no MIDI Tool Set, toolNotFoundErr; result word pulled
*   2  FrameArc ($6204, rect:L angle:W arc:W): QuickDraw is there but not this call,
*      funcNotFoundErr; its 8 parameter bytes dropped
*   3  MidiInfo ($0C20, infoType:W, result:L): the MIDI Tool Set absent; its
*      parameter dropped, the 4-byte result space left for the caller to pull
*   4  tool $7F99, in no Toolbox Reference: the stack is left as it was, so the caller
*      pulls its own parameter word
*   5  user tool $0180 (JSL $E10008): no user tool sets, toolNotFoundErr, stack kept
* Expects: full native mode, D = its direct page (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'

Vars    RECORD  0
err1    DS.W    1               ; A after each call
carry1  DS.W    1               ; 1 when the carry was set
moved1  DS.W    1               ; S after the caller's pulls - S before its pushes
err2    DS.W    1
carry2  DS.W    1
moved2  DS.W    1
err3    DS.W    1
carry3  DS.W    1
moved3  DS.W    1
err4    DS.W    1
carry4  DS.W    1
moved4  DS.W    1
err5    DS.W    1
carry5  DS.W    1
moved5  DS.W    1
before  DS.W    1               ; S before the pushes of the call under way
        ENDR

* Keep A, the carry and S - before of the call just made (S as the caller left it).
*   Inputs: A and P straight after the tool call; Vars.before
*   Outputs: the three words at &err, &carry, &moved; clobbers A
        MACRO
&lab    Keep    &err,&carry,&moved
&lab    STA     <&err
        LDA     #0
        ROL     A               ; carry -> bit 0
        STA     <&carry
        TSC
        SEC
        SBC     <Vars.before
        STA     <&moved
        MEND

Main    PROC
        _Launch

        TSC                     ; 1: MidiStatus(): activeFlag:W
        STA     <Vars.before
        PHA                     ; result space
        _Tool   $0620
        PLY                     ; the result word (Y keeps A intact)
        Keep    Vars.err1,Vars.carry1,Vars.moved1

        TSC                     ; 2: FrameArc(@Rect, startAngle, arcAngle)
        STA     <Vars.before
        PEA     Rect>>16
        PEA     Rect
        PEA     0
        PEA     90
        _Tool   $6204
        Keep    Vars.err2,Vars.carry2,Vars.moved2

        TSC                     ; 3: MidiInfo(infoType): result:L
        STA     <Vars.before
        PHA                     ; result space (long)
        PHA
        PEA     1
        _Tool   $0C20
        PLY                     ; the result space, pulled by the caller
        PLY
        Keep    Vars.err3,Vars.carry3,Vars.moved3

        TSC                     ; 4: a call no reference lists, one parameter word
        STA     <Vars.before
        PEA     $1234
        _Tool   $7F99
        PLY                     ; still on the stack: the caller takes it back
        Keep    Vars.err4,Vars.carry4,Vars.moved4

        TSC                     ; 5: a user tool call, one parameter word
        STA     <Vars.before
        PEA     $5678
        LDX     #$0180
        JSL     $E10008
        PLY
        Keep    Vars.err5,Vars.carry5,Vars.moved5

        _GSOS   $2029,QuitParms ; Quit
        BRK     $00

Rect    DC.W    0,0,10,10
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none
        DC.W    0               ; flags
        ENDP
        END
