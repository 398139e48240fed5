; sound.asm — Gin King's sound effects: synthesised by the program (square-wave notes and
; noise bursts with a falling amplitude, described by the segment table below) while it
; waits for the player — a slice of a wave at each null event of the event loop once the
; player is idle (SoundIdle), so the player never waits for one — or, for an effect played
; before idle time has made it, when it is first played; and played through the Sound Tool
; Set's free-form synthesizer, each effect on its own generator and in its own DOC buffer,
; so effects overlap as they would on a IIGS. Options > Sound off: no effect is started
; (PlaySound returns at once), Beep (main.asm) is silent, and the system volume is set to 0
; (SoundVolume), so the beeps the toolbox gives on its own are not heard either.
;
; Follows the Apple IIGS Toolbox Reference vol. 2, ch. 21 (SoundStartUp, FFStopSound,
; FFStartSound and its SoundParamBlock, SetSoundVolume) and vol. 1, ch. 14 (ReadBParam). Included into main.asm (one unit).
; Every routine: M=16, X=16, D = the program's direct page, B = K, unless it says.

; ---- the effects (PlaySfx SND_...) ---------------------------------------------------
SND_SHUFFLE     EQU     0               ; the riffle before a random deal
SND_DEAL        EQU     1               ; cards flicked out
SND_DRAW        EQU     2               ; a card taken (stock or pile)
SND_DISCARD     EQU     3               ; a card put down
SND_KNOCK       EQU     4               ; two knocks on the table
SND_GIN         EQU     5               ; a rising chime
SND_UNDERCUT    EQU     6               ; a falling "wah-wah"
SND_WIN         EQU     7               ; the game won: a fanfare
SND_LOSE        EQU     8               ; the game lost: a falling tune
SFX_COUNT       EQU     9

SFX_RATE        EQU     7917            ; samples a second: the DOC at 26,320 Hz * 154/512
SFX_FREQ        EQU     154             ; the DOC frequency that plays them at SFX_RATE
SILENT_LEVEL    EQU     $80             ; a DOC sample of silence ($00 would stop it)
LFSR_SEED       EQU     $ACE1           ; the noise generator's start (any non-zero)
LFSR_TAPS       EQU     $B400           ; x^16 + x^14 + x^13 + x^11 + 1 (Galois form)
FF_SYNTH_MODE   EQU     $0001           ; FFStartSound: the free-form synthesizer
SYSTEM_VOL_GEN  EQU     $000F           ; SetSoundVolume genNumber: the system volume
BP_USER_VOLUME  EQU     $001E           ; ReadBParam: the Control Panel's volume, 0-15
SND_DP_SIZE     EQU     $0100           ; the Sound Tool Set's direct page: one page
SND_DP_ATTR     EQU     $C015           ; locked, fixed, bank 0, page-aligned, no cross
WAVE_ATTR       EQU     $C000           ; locked, fixed
NO_WAVE         EQU     $FFFF           ; SfxMaking: no wave being made
NO_LIMIT        EQU     $FFFF           ; SfxBudget: make the whole wave (at most 8,073
                                        ;   samples: the budget never runs out)
IDLE_SAMPLES    EQU     512             ; samples a null event makes: 36,000-73,000
                                        ;   cycles, about a tick at 2.8 MHz (46,667);
                                        ;   all nine waves in 62 null events
NULL_EVT        EQU     0               ; TaskRec.what of a null event
IDLE_NULLS      EQU     2               ; null events in a row that make idle time

; one segment of an effect: KIND_TONE (a square wave flipping every `half` samples) or
; KIND_NOISE (a new random level every `half` samples), `count` samples long, starting
; at amplitude `amp` (0..127 around $80) and losing 1 every `decay` samples
SegRec          RECORD  0
kind            DS.W    1
half            DS.W    1
count           DS.W    1
amp             DS.W    1
decay           DS.W    1
Size            EQU     *
                ENDR
KIND_TONE       EQU     0
KIND_NOISE      EQU     1
KIND_END        EQU     $FFFF

; an effect: its first segment (offset in SfxSegs), DOC buffer, that buffer's size in
; bytes (the most the wave may take: a power of two, the buffer aligned to it), volume
SfxRec          RECORD  0
seg             DS.W    1
docBuf          DS.W    1
bufLen          DS.W    1
volume          DS.W    1
Size            EQU     *
                ENDR

; SoundParamBlock (Sound.p; E16.Sound offsets)
SoundPB         RECORD  0
waveStart       DS.L    1
waveSize        DS.W    1               ; pages
freqOffset      DS.W    1
docBuffer       DS.W    1
bufferSize      DS.W    1
nextWavePtr     DS.L    1
volSetting      DS.W    1
Size            EQU     *
                ENDR

; ------------------------------------------------------------------------------------
; StartSound — start the Sound Tool Set on a direct page of its own.
;   In:  DeskDP.userID.  Out: SoundReady = 1 when the tool set started (else effects stay
;   silent: a machine without a DOC).  Clobbers A, X, Y.
; ------------------------------------------------------------------------------------
StartSound
        STZ     SoundReady
        LDA     #SND_DP_SIZE            ; the page = NewBlock(SND_DP_SIZE, SND_DP_ATTR)
        LDX     #SND_DP_ATTR
        JSR     NewBlock                ; toolbox/asm/desktop.asm
        BCS     @out
        PHA                             ; SoundStartUp(the page)
        _SoundStartUp
        BCS     @out
        LDA     #1
        STA     SoundReady
@out    RTS

; ------------------------------------------------------------------------------------
; SoundVolume — the system volume follows Options > Sound: 0 when it is off (the Sound
;   GLU's master volume, so SysBeep and the toolbox's own beeps — LineEdit refusing a
;   key, a click outside a modal dialog — are silent too), the Control Panel's when it is
;   on. RestoreVolume gives the Control Panel's back whatever the setting (at Quit).
;   Battery RAM is only read: the user's volume is never changed by the mute.
;   Called by UpdateMenus after every command, so a volume changed in the Control Panel
;   while Sound is off is muted again at the next one.
;   In:  SetSound, SoundReady.  Out: the system volume set (nothing when the tool set did
;   not start).  Clobbers A, X, Y.  Cycles: two tool calls (one when muting).
; ------------------------------------------------------------------------------------
SoundVolume
        LDA     SetSound                ; off: volume 0
        BEQ     SetVolume
RestoreVolume
        PHA                             ; volume = ReadBParam(userVolume)
        PEA     BP_USER_VOLUME
        _ReadBParam
        PLA
        ASL     A                       ; in the high nibble, as SetSoundVolume takes it
        ASL     A
        ASL     A
        ASL     A
SetVolume
        LDX     SoundReady
        BEQ     @out
        PHA                             ; SetSoundVolume(volume, the system volume)
        PEA     SYSTEM_VOL_GEN
        _SetSoundVolume
@out    RTS

; ------------------------------------------------------------------------------------
; PlaySound — start effect A (SND_...) on generator A, stopping what that generator
;   was playing; nothing when Options > Sound is off or the tool set did not start.
;   An effect idle time has not made yet is made now (MakeWave).
;   In:  A = effect.  Out: -.  Clobbers A (X, Y kept; use the PlaySfx macro).
;   Cost: about 900 cycles and two tool calls; MakeWave's when not made yet.
; ------------------------------------------------------------------------------------
PlaySound
        PHX
        PHY
        LDX     SetSound                ; Options > Sound off: silent
        BEQ     @out
        LDX     SoundReady
        BEQ     @out
        CMP     #SFX_COUNT
        BCS     @out
        STA     SfxId
        ASL     A                       ; X = effect * 4: its wave pointer
        ASL     A
        TAX
        LDA     SfxWave,X
        ORA     SfxWave+2,X
        BNE     @ready
        JSR     MakeWave
@ready  LDA     SfxId
        ASL     A
        ASL     A
        TAX
        LDA     SfxWave,X               ; the parameter block: the wave ...
        STA     SfxBlock+SoundPB.waveStart
        LDA     SfxWave+2,X
        STA     SfxBlock+SoundPB.waveStart+2
        LDA     SfxId
        ASL     A
        TAX
        LDA     SfxPages,X              ; ... its length ...
        STA     SfxBlock+SoundPB.waveSize
        LDA     SfxId                   ; ... where the DOC plays it, how loud
        ASL     A
        ASL     A
        ASL     A
        TAX
        LDA     SfxTable+SfxRec.docBuf,X
        STA     SfxBlock+SoundPB.docBuffer
        LDA     SfxTable+SfxRec.volume,X
        STA     SfxBlock+SoundPB.volSetting
        LDA     #SFX_FREQ
        STA     SfxBlock+SoundPB.freqOffset
        STZ     SfxBlock+SoundPB.bufferSize
        STZ     SfxBlock+SoundPB.nextWavePtr
        STZ     SfxBlock+SoundPB.nextWavePtr+2
        LDA     SfxId                   ; FFStopSound(1 << generator)
        ASL     A
        TAX
        LDA     GenBit,X
        PHA
        _FFStopSound
        LDA     SfxId                   ; FFStartSound(generator << 8 | ffSynthMode,
        XBA                             ;   @SfxBlock)
        ORA     #FF_SYNTH_MODE
        PHA
        PushLong SfxBlock
        _FFStartSound
@out    PLY
        PLX
        RTS

; ------------------------------------------------------------------------------------
; SoundIdle — the event loop's idle time: from the second null event in a row (the player
;   is not acting: the first only ends the round of the last action), IDLE_SAMPLES more of
;   the next wave not made yet (effects in SND_ order), so by the player's first actions
;   every effect is ready. Nothing once all nine are made, or when the tool set did not
;   start. The round that ends an action is left as it was: its clock (an unseeded deal
;   reads TickCount) is the same as without idle work.
;   In:  DeskDP.task (the event NextTask got), SoundReady.  Out: -.  Clobbers A, X, Y.
;   Cost: about 40 cycles with nothing to do; else a slice, 36,000-73,000 cycles.
; ------------------------------------------------------------------------------------
SoundIdle
        LDA     <DeskDP.task+TaskRec.what
        CMP     #NULL_EVT
        BEQ     @null
        STZ     SfxNulls                ; an event: the player is acting
        RTS
@null   LDA     SfxNulls                ; null events in a row, up to IDLE_NULLS
        CMP     #IDLE_NULLS
        BCS     @idle
        INC     SfxNulls
        CMP     #IDLE_NULLS-1
        BNE     @out                    ; not yet the IDLE_NULLS-th
@idle   LDA     SoundReady
        BEQ     @out
        LDA     SfxMaking               ; a wave under way: go on with it
        CMP     #NO_WAVE
        BNE     @slice
@next   LDA     SfxNext                 ; else the next effect not made yet
        CMP     #SFX_COUNT
        BCS     @out                    ; all made
        INC     SfxNext
        STA     SfxStarting
        ASL     A
        ASL     A
        TAX
        LDA     SfxWave,X
        ORA     SfxWave+2,X
        BNE     @next                   ; made already (played first)
        LDA     SfxStarting
        JSR     StartWave
        BCS     @out                    ; no memory: left to its first play
@slice  LDA     #IDLE_SAMPLES
        STA     SfxBudget
        JSR     WaveSlice
@out    RTS

; ------------------------------------------------------------------------------------
; MakeWave — make effect SfxId's wave now, whole (it is being played): a wave idle time
;   left half-made is finished first (at most one wave's cost more).
;   In:  SfxId.  Out: SfxWave[SfxId] set, or still 0 when there was no memory.
;   Clobbers A, X, Y.  Cost: about 70 cycles a sample of a tone, 140 of white noise:
;   from 40,000 cycles (discard) to 580,000 (win); 2.5 million for all nine (0.9 s on a
;   IIGS), which is why idle time makes them.
; ------------------------------------------------------------------------------------
MakeWave
        LDA     #NO_LIMIT
        STA     SfxBudget
        LDA     SfxMaking
        CMP     #NO_WAVE
        BEQ     @start
        CMP     SfxId
        BEQ     @finish
        JSR     WaveSlice               ; another wave under way: finish it first
@start  LDA     SfxId
        JSR     StartWave
        BCS     @out                    ; no memory: the effect stays silent
@finish LDA     #NO_LIMIT
        STA     SfxBudget
        JSR     WaveSlice
@out    RTS

; ------------------------------------------------------------------------------------
; StartWave — begin effect A's wave in a new block (WaveSlice fills it). The block is
;   zero-filled, so the byte after the last sample is $00, the DOC's stop byte.
;   In:  A = effect, no wave under way.  Out: carry clear: SfxMaking = A, SfxAt = the
;   block, SfxAtY = 0, the generator and the first segment ready; carry set: no memory.
;   Clobbers A, X, Y; DeskDP.handle saved and restored.  Cycles: about 150 + NewHandle.
; ------------------------------------------------------------------------------------
StartWave
        STA     SfxStarting
        PushDPLong DeskDP.handle        ; the caller's scratch, kept
        LDA     SfxStarting
        ASL     A
        ASL     A
        ASL     A
        TAX
        LDA     SfxTable+SfxRec.seg,X
        STA     SfxSegAt
        LDA     SfxTable+SfxRec.bufLen,X ; SfxAt = NewBlock(bufLen, WAVE_ATTR)
        LDX     #WAVE_ATTR
        JSR     NewBlock                ; toolbox/asm/desktop.asm
        BCS     @fail
        STA     SfxAt
        LDY     #2                      ; the bank, from the block's master pointer
        LDA     [<DeskDP.handle],Y
        STA     SfxAt+2
        STZ     SfxAtY
        STZ     SfxCount                ; the first segment not begun
        LDA     #LFSR_SEED
        STA     SfxLfsr
        LDA     SfxStarting
        STA     SfxMaking
        CLC
@fail   PLA                             ; the caller's DeskDP.handle back (carry kept)
        STA     <DeskDP.handle
        PLA
        STA     <DeskDP.handle+2
        RTS

; ------------------------------------------------------------------------------------
; WaveSlice — SfxBudget more samples of the wave under way (SfxMaking), segment after
;   segment; at its end marker the wave is done: SfxWave[SfxMaking] points at it,
;   SfxPages[SfxMaking] holds its length in pages, SfxMaking = NO_WAVE.
;   In:  SfxMaking (a wave under way), SfxBudget (NO_LIMIT: to the end).  Out: -.
;   Clobbers A, X, Y; Zp.ptr saved and restored.
;   Notes: each sample is stored as a word, so the following byte is written as $00
;   until the next sample overwrites it. Every state of the synthesizer is in the Sfx...
;   variables between slices, so the wave is the same however it is sliced.
; ------------------------------------------------------------------------------------
WaveSlice
        PushDPLong Zp.ptr               ; the caller's scratch, kept
        LDA     SfxAt
        STA     <Zp.ptr
        LDA     SfxAt+2
        STA     <Zp.ptr+2
        LDY     SfxAtY                  ; Y = the next sample
@seg    LDA     SfxCount                ; a segment under way: go on with it
        BNE     @loop
        LDX     SfxSegAt                ; else the next segment
        LDA     SfxSegs+SegRec.kind,X
        CMP     #KIND_END
        BEQ     @done
        JSR     BeginSegment
        BRA     @seg
@loop   LDA     SfxBudget               ; the slice is over: pause here
        BEQ     @pause
        DEC     SfxBudget
        LDA     SfxCur                     ; the sample
        STA     [<Zp.ptr],Y
        INY
        DEC     SfxHalfLeft                ; every `half` samples: flip or a new level
        BNE     @held
        JSR     NextLevel
@held   DEC     SfxDecayLeft               ; every `decay` samples: a little quieter
        BNE     @same
        LDA     SfxSegDecay
        STA     SfxDecayLeft
        LDA     SfxAmp
        BEQ     @same
        DEC     SfxAmp
        JSR     Levels
@same   DEC     SfxCount
        BNE     @loop
        LDA     SfxSegAt                ; the segment is done: on to the next
        CLC
        ADC     #SegRec.Size
        STA     SfxSegAt
        BRA     @seg
@done   TYA                             ; pages = (samples + 1 + 255) / 256: the
        CLC                             ;   stop byte included
        ADC     #256
        XBA
        AND     #$00FF
        PHA
        LDA     SfxMaking
        ASL     A
        TAX
        PLA
        STA     SfxPages,X
        TXA                             ; SfxWave[id] = the block
        ASL     A
        TAX
        LDA     SfxAt
        STA     SfxWave,X
        LDA     SfxAt+2
        STA     SfxWave+2,X
        LDA     #NO_WAVE
        STA     SfxMaking
@pause  STY     SfxAtY
        PLA                             ; the caller's Zp.ptr back
        STA     <Zp.ptr
        PLA
        STA     <Zp.ptr+2
        RTS

; ------------------------------------------------------------------------------------
; BeginSegment — ready segment X of SfxSegs: its kind, half-period, decay, samples and
;   amplitude in the synthesizer's state, the first level in SfxCur. A segment of no
;   samples is passed over (SfxSegAt moves on, SfxCount stays 0).
;   In:  X = its offset in SfxSegs (= SfxSegAt).  Out: -.  Clobbers A.
; ------------------------------------------------------------------------------------
BeginSegment
        LDA     SfxSegs+SegRec.kind,X
        STA     SfxSegKind
        LDA     SfxSegs+SegRec.half,X
        STA     SfxSegHalf
        STA     SfxHalfLeft
        LDA     SfxSegs+SegRec.decay,X
        STA     SfxSegDecay
        STA     SfxDecayLeft
        LDA     SfxSegs+SegRec.count,X
        STA     SfxCount
        BEQ     @empty
        LDA     SfxSegs+SegRec.amp,X
        STA     SfxAmp
        STZ     SfxPhase
        JMP     Levels                  ; SfxCur for amplitude SfxAmp, phase 0
@empty  TXA
        CLC
        ADC     #SegRec.Size
        STA     SfxSegAt
        RTS

; NextLevel — the half-period is over: a tone flips, noise takes the generator's next
;   bit (Galois LFSR). In/Out: SfxHalfLeft reloaded, SfxPhase and SfxCur set. Clobbers A.
NextLevel
        LDA     SfxSegHalf
        STA     SfxHalfLeft
        LDA     SfxSegKind
        BNE     @noise
        LDA     SfxPhase                   ; a tone: the other half of the square
        EOR     #1
        STA     SfxPhase
        BRA     Levels
@noise  LDA     SfxLfsr                    ; noise: shift; the bit out decides the taps
        LSR     A
        BCC     @nt
        EOR     #LFSR_TAPS
@nt     STA     SfxLfsr
        AND     #1
        STA     SfxPhase
; Levels — SfxCur = SILENT_LEVEL + SfxAmp (phase 0) or SILENT_LEVEL - SfxAmp (phase 1).
Levels
        LDA     SfxPhase
        BNE     @low
        LDA     #SILENT_LEVEL
        CLC
        ADC     SfxAmp
        STA     SfxCur
        RTS
@low    LDA     #SILENT_LEVEL
        SEC
        SBC     SfxAmp
        STA     SfxCur
        RTS

; ------------------------------------------------------------------------------------
; GameOverSound — the fanfare when a human won the game just ended, the falling tune
;   when the computer did.  In: GameWinner, Kind.  Clobbers A, X.
; ------------------------------------------------------------------------------------
GameOverSound
        LDA     GameWinner
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BNE     @lost
        PlaySfx SND_WIN
        RTS
@lost   PlaySfx SND_LOSE
        RTS

; ------------------------------------------------------------------------------------
; HandEndSound — a knocked hand's sound: gin's chime, the undercut's wah-wah, or the
;   knock.  In: ResKind.  Clobbers A.
; ------------------------------------------------------------------------------------
HandEndSound
        LDA     ResKind
        CMP     #RES_GIN
        BNE     @under
        PlaySfx SND_GIN
        RTS
@under  CMP     #RES_UNDERCUT
        BNE     @knock
        PlaySfx SND_UNDERCUT
        RTS
@knock  PlaySfx SND_KNOCK
        RTS

; ---- the effects' data -------------------------------------------------------------
; Seg kind, half-period (samples), milliseconds, amplitude, samples per amplitude step
        MACRO
&lab    SfxSeg  &kind,&half,&ms,&amp,&decay
&lab    DC.W    &kind,&half,(&ms*SFX_RATE)/1000,&amp,&decay
        MEND
; notes as half-periods at SFX_RATE: E4 330 Hz .. B5 990 Hz
N_E4    EQU     12
N_G4    EQU     10
N_A4    EQU     9
N_B4    EQU     8
N_E5    EQU     6
N_G5    EQU     5
N_B5    EQU     4
N_REST  EQU     1                       ; with amplitude 0: silence

SfxTable                                ; SfxRec per effect, in SND_ order
        DC.W    SegShuffle-SfxSegs,$7000,$1000,$C0
        DC.W    SegDeal-SfxSegs,$8000,$0800,$C0
        DC.W    SegDraw-SfxSegs,$9000,$0400,$B0
        DC.W    SegDiscard-SfxSegs,$9400,$0400,$C0
        DC.W    SegKnock-SfxSegs,$8800,$0800,$FF
        DC.W    SegGin-SfxSegs,$4000,$2000,$B0
        DC.W    SegUndercut-SfxSegs,$6000,$1000,$B0
        DC.W    SegWin-SfxSegs,$0000,$2000,$B0
        DC.W    SegLose-SfxSegs,$2000,$2000,$B0

SfxSegs
SegShuffle                              ; a riffle: six bursts of noise
        SfxSeg  KIND_NOISE,1,25,60,8
        SfxSeg  KIND_TONE,N_REST,18,0,255
        SfxSeg  KIND_NOISE,1,25,60,8
        SfxSeg  KIND_TONE,N_REST,18,0,255
        SfxSeg  KIND_NOISE,1,25,60,8
        SfxSeg  KIND_TONE,N_REST,18,0,255
        SfxSeg  KIND_NOISE,1,25,60,8
        SfxSeg  KIND_TONE,N_REST,18,0,255
        SfxSeg  KIND_NOISE,1,25,60,8
        SfxSeg  KIND_TONE,N_REST,18,0,255
        SfxSeg  KIND_NOISE,1,40,60,5
        DC.W    KIND_END
SegDeal                                 ; four flicks
        SfxSeg  KIND_NOISE,2,15,70,3
        SfxSeg  KIND_TONE,N_REST,45,0,255
        SfxSeg  KIND_NOISE,2,15,70,3
        SfxSeg  KIND_TONE,N_REST,45,0,255
        SfxSeg  KIND_NOISE,2,15,70,3
        SfxSeg  KIND_TONE,N_REST,45,0,255
        SfxSeg  KIND_NOISE,2,15,70,3
        DC.W    KIND_END
SegDraw                                 ; a short slide
        SfxSeg  KIND_NOISE,1,60,50,10
        DC.W    KIND_END
SegDiscard                              ; a slap
        SfxSeg  KIND_NOISE,3,50,90,4
        DC.W    KIND_END
SegKnock                                ; knock, knock: low noise thuds
        SfxSeg  KIND_NOISE,8,40,120,3
        SfxSeg  KIND_TONE,N_REST,70,0,255
        SfxSeg  KIND_NOISE,8,40,120,3
        DC.W    KIND_END
SegGin                                  ; E5 G5 B5, the last held
        SfxSeg  KIND_TONE,N_E5,120,90,20
        SfxSeg  KIND_TONE,N_G5,120,90,20
        SfxSeg  KIND_TONE,N_B5,350,100,30
        DC.W    KIND_END
SegUndercut                             ; B4 then E4, sagging
        SfxSeg  KIND_TONE,N_B4,200,90,30
        SfxSeg  KIND_TONE,N_E4,300,90,25
        DC.W    KIND_END
SegWin                                  ; E4 G4 B4 E5, then E5 held
        SfxSeg  KIND_TONE,N_E4,140,90,40
        SfxSeg  KIND_TONE,N_G4,140,90,40
        SfxSeg  KIND_TONE,N_B4,140,90,40
        SfxSeg  KIND_TONE,N_E5,140,90,40
        SfxSeg  KIND_TONE,N_REST,60,0,255
        SfxSeg  KIND_TONE,N_E5,400,100,35
        DC.W    KIND_END
SegLose                                 ; B4 A4 G4 E4, slower and quieter
        SfxSeg  KIND_TONE,N_B4,200,80,50
        SfxSeg  KIND_TONE,N_A4,200,75,50
        SfxSeg  KIND_TONE,N_G4,200,70,50
        SfxSeg  KIND_TONE,N_E4,300,70,35
        DC.W    KIND_END

GenBit  DC.W    $0001,$0002,$0004,$0008,$0010,$0020,$0040,$0080,$0100
SoundReady      DC.W    0
SfxId           DC.W    0
SfxWave         DS.L    SFX_COUNT       ; each effect's wave once made (0: not yet)
SfxPages        DS.W    SFX_COUNT
SfxBlock        DS.B    SoundPB.Size
SfxNulls        DC.W    0               ; null events in a row (SoundIdle), up to 2
SfxMaking       DC.W    NO_WAVE         ; the wave being made (StartWave .. WaveSlice)
SfxNext         DC.W    0               ; the next effect SoundIdle looks at
SfxStarting     DC.W    0               ; StartWave's effect
SfxAt           DS.L    1               ; the block being filled
SfxAtY          DC.W    0               ; its next sample
SfxBudget       DC.W    0               ; samples left in this slice (NO_LIMIT: all)
SfxSegAt           DC.W    0               ; the synthesizer's state, kept between slices
SfxSegKind         DC.W    0
SfxSegHalf         DC.W    0
SfxSegDecay        DC.W    0
SfxHalfLeft        DC.W    0
SfxDecayLeft       DC.W    0
SfxCount           DC.W    0
SfxAmp             DC.W    0
SfxPhase           DC.W    0
SfxCur             DC.W    0
SfxLfsr            DC.W    0
