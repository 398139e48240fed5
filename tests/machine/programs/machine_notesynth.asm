* A program that plays music through the Note Synthesizer and the Note Sequencer, as
* IIGS programs of its day did (Toolbox Reference vol. 3, "Note Synthesizer", "Note
* Sequencer"): it makes a one-cycle square wave, loads it into DOC RAM with
* WriteRamBlock, starts the Note Synthesizer with its own update routine (which counts
* the updates), plays one note (A, semitone 69) on a generator it allocates, holds it,
* releases it and waits for the release; then it starts the Note Sequencer and plays a
* three-note pattern (C E G, track 0) with StartSeq, waiting for the completion routine.
* Then it shuts the sets down and quits. Its waits are WAI: the Note Synthesizer's
* update interrupt wakes it.
* Expects: full native mode (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'notesynth.macros'

WAVE_LEN EQU    256             ; one table of 256 bytes at DOC address 0
WAVE_HIGH EQU   $C0             ; the first half of the cycle (never $00: a stop byte)
WAVE_LOW EQU    $40             ; the second half
DOC_WAVE EQU    $0000
UPDATE_RATE EQU $00C0           ; NSStartUp: about 77 updates a second
NOTE_PRIORITY EQU $80
NOTE_A   EQU    69              ; A, 440 Hz
NOTE_VOLUME EQU 127
HOLD_UPDATES EQU 20             ; the note held this many updates, then released
RELEASE_UPDATES EQU 10          ; ... and this many more for its release
SEQ_MODE EQU    0               ; SeqStartUp: clocked by the update interrupt
SEQ_INCREMENT EQU 2             ; two updates a tick
TRACK_PRIORITY EQU $40
NOTE_BIT EQU    $8000           ; NoteSeq.p noteMask
SEQ_DURATION EQU 6              ; ticks a note (bits 16-26 of a note item)
QUIT_CALL EQU   $2029

Main    PROC
        LONGA   ON
        LONGI   ON
        PHK                     ; B = K (GS/OS does not promise B)
        PLB
        JSR     MakeWave
        TDC                     ; SoundStartUp(our direct page)
        PHA
        _SoundStartUp
        PEA     Wave>>16        ; WriteRamBlock(@Wave, DOC_WAVE, WAVE_LEN)
        PEA     Wave
        PEA     DOC_WAVE
        PEA     WAVE_LEN
        _WriteRamBlock
        PEA     UPDATE_RATE     ; NSStartUp(rate, @UpdateRtn)
        PEA     UpdateRtn>>16
        PEA     UpdateRtn
        _NSStartUp
        CLI                     ; the update interrupt comes from here on
* One note, by hand: AllocGen, NoteOn, hold, NoteOff, release, DeallocGen.
        PHA                     ; AllocGen(priority): genNum
        PEA     NOTE_PRIORITY
        _AllocGen
        PLA
        STA     Gen
        PHA                     ; NoteOn(gen, A, volume, @Instrument)
        PEA     NOTE_A
        PEA     NOTE_VOLUME
        PEA     Instrument>>16
        PEA     Instrument
        _NoteOn
        LDA     #HOLD_UPDATES
        JSR     WaitUpdates
        LDA     Gen             ; NoteOff(gen, A)
        PHA
        PEA     NOTE_A
        _NoteOff
        LDA     #RELEASE_UPDATES
        JSR     WaitUpdates
        LDA     Gen
        PHA
        _DeallocGen
* A sequence: the sequencer's clock is the synthesizer's update.
        TDC                     ; SeqStartUp(dPage, mode, rate: the synthesizer's, incr)
        PHA
        PEA     SEQ_MODE
        PEA     0
        PEA     SEQ_INCREMENT
        _SeqStartUp
        PEA     InstTableH>>16  ; SetInstTable(handle)
        PEA     InstTableH
        _SetInstTable
        PEA     TRACK_PRIORITY  ; SetTrkInfo(priority, instrument 0, track 0)
        PEA     0
        PEA     0
        _SetTrkInfo
        PEA     ErrRtn>>16      ; StartSeq(@ErrRtn, @DoneRtn, handle)
        PEA     ErrRtn
        PEA     DoneRtn>>16
        PEA     DoneRtn
        PEA     SequenceH>>16
        PEA     SequenceH
        _StartSeq
@wait   WAI                     ; until the completion routine says so
        LDA     Done
        AND     #$00FF
        BEQ     @wait
        LDA     #RELEASE_UPDATES        ; the last note's release
        JSR     WaitUpdates
        PHA                     ; GetTimer(): the sequence's ticks
        _GetTimer
        PLA
        STA     Ticks
        _SeqShutDown
        _NSShutDown
        _SoundShutDown
        SEI
        _GSOS   QUIT_CALL,QuitParms
        BRK     $01             ; never reached

* MakeWave: one cycle of a square wave, WAVE_HIGH then WAVE_LOW, into Wave.
* Inputs: 16-bit A, X, Y; B = the program's bank. Clobbers A, X.
MakeWave LDX    #0
@byte   LDA     #WAVE_HIGH
        CPX     #WAVE_LEN/2
        BCC     @put
        LDA     #WAVE_LOW
@put    SEP     #$20
        LONGA   OFF
        STA     Wave,X
        REP     #$20
        LONGA   ON
        INX
        CPX     #WAVE_LEN
        BCC     @byte
        RTS

* WaitUpdates: wait for A more of the synthesizer's updates (WAI until UpdateRtn has
* counted them). Inputs: 16-bit A; B = the program's bank. Clobbers A.
WaitUpdates CLC
        ADC     Updates
        STA     Target
@wait   WAI
        LDA     Updates
        CMP     Target
        BCC     @wait
        RTS

* UpdateRtn: the Note Synthesizer's user update routine, called at each update
* (JSL at interrupt time: native mode, 8-bit registers, D = 0, B = 0). Counts them.
* Clobbers nothing.
UpdateRtn PHP
        PHB
        PHK
        PLB
        REP     #$20
        INC     Updates
        PLB
        PLP
        RTL

* DoneRtn: the sequence's completion routine (called as UpdateRtn is). Sets Done.
DoneRtn PHP
        PHB
        PHK
        PLB
        SEP     #$20
        LONGA   OFF
        LDA     #1
        STA     Done
        LONGA   ON
        PLB
        PLP
        RTL

* ErrRtn: the sequence's error handler (A = the error code). Keeps the code.
ErrRtn  PHP
        PHB
        PHK
        PLB
        REP     #$20
        STA     ErrCode
        PLB
        PLP
        RTL

Gen     DC.W    0               ; the generator AllocGen gave
Updates DC.W    0               ; updates counted by UpdateRtn
Target  DC.W    0
Done    DC.B    0               ; set by the completion routine
ErrCode DC.W    0               ; set by the error handler
Ticks   DC.W    0               ; GetTimer at the end
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags

* The instrument (NoteSyn.p Instrument): an envelope of attack, decay, sustain and
* release, and one waveform for every semitone.
Instrument DC.B 127             ; segment 0: attack to 127, $2000 an update
        DC.W    $2000
        DC.B    96              ; segment 1: decay to 96
        DC.W    $0800
        DC.B    96              ; segment 2: sustain (increment 0)
        DC.W    0
        DC.B    0               ; segment 3: release to 0
        DC.W    $1000
        DC.B    0,0,0,0,0,0,0,0,0,0,0,0         ; segments 4-7: unused
        DC.B    3               ; releaseSegment
        DC.B    $10             ; priorityIncrement
        DC.B    2               ; pitchBendRange
        DC.B    0               ; vibratoDepth
        DC.B    0               ; vibratoSpeed
        DC.B    0               ; inSpare
        DC.B    1               ; aWaveCount
        DC.B    0               ; bWaveCount
        DC.B    127             ; aWaveList[0]: wfTopKey (every semitone)
        DC.B    DOC_WAVE>>8     ;   wfWaveAddress: the DOC page
        DC.B    $00             ;   wfWaveSize: 256 bytes, resolution 0
        DC.B    $00             ;   wfDocMode: free run
        DC.W    0               ;   wfRelPitch

* Handles are the addresses of master pointers; these are the program's own (its data
* never moves), as SetInstTable and StartSeq dereference them.
InstTableH DC.L InstTable
InstTable DC.W  1               ; one instrument
        DC.L    Instrument
SequenceH DC.L  Sequence
Sequence DC.L   1               ; a phrase
        DC.L    Pattern         ;   its one pattern
        DC.L    $FFFFFFFF       ;   end of the phrase
Pattern DC.L    0               ; a pattern: C, E, G on track 0
        DC.W    NOTE_BIT+(60<<8)+100,SEQ_DURATION
        DC.W    NOTE_BIT+(64<<8)+100,SEQ_DURATION
        DC.W    NOTE_BIT+(67<<8)+100,SEQ_DURATION
        DC.L    $FFFFFFFF       ;   end of the pattern
Wave    DS.B    WAVE_LEN        ; made by MakeWave
        ENDP
        END
