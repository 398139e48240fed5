; deadwood.asm — deadwood and best melds of a hand held as four 13-bit suit masks.
;
; Method (exact for any hand of up to 11 cards; docs/native-abi.md "Deadwood"):
;   Within one suit, with only runs allowed, the deadwood is every card outside a block
;   of >= 3 consecutive ranks: the generated table RunDeadwood gives it per suit mask
;   (splitting a long run never lowers it). Sets are the only way a card serves two
;   suits, so the hand's deadwood is the minimum, over every choice of sets, of the sum
;   of RunDeadwood over the four suit masks that remain. Only ranks held in >= 3 suits
;   can form a set: each offers "no set" or "a set of all its cards", and a rank held in
;   all four suits also offers four three-card sets, each leaving one card free for a
;   run. Eleven cards hold at most three such ranks: at most 2*6*6 = 72 choices.
;   With one discard still to make, a choice is worth its sum minus the largest RunGain
;   over the suits (RunGain = deadwood removed by discarding the suit's best card).
;   Runs around the corner (RulesBlock.corner, docs/rules.md "House rules"): the same
;   search over the tables RunDeadwoodCorner/RunGainCorner (cyclic runs, a dead ace 15;
;   sets hold no deadwood, so their ace's value never matters), read with long
;   addressing, and cyclic run blocks in the canonical arrangement's keys.
;
; Internal routines (JSR/RTS) expect M=16, X=16, DBR = this bank; D is not used.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

DW_EVAL_PLAIN   EQU     0               ; DwEvalTable index: deadwood of all the cards
DW_EVAL_DISCARD EQU     2               ; DwEvalTable index: deadwood after one discard
DW_EVAL_CANON   EQU     4               ; DwEvalTable index: canonical arrangement (Canon)
DW_EVAL_CORNER  EQU     6               ; added to the three under runs around the corner
CORNER_AGAIN    EQU     %111            ; RunCards: ranks ace..three, seen again past the King
DW_EVAL_NONE    EQU     $FFFF           ; what EvalCanon returns: never "better"
SET_KEY         EQU     $8000           ; CnHi of a set: above every run
SUITS_HI_SHIFT  EQU     13              ; CnHi of a run: suit << 13 | start bit
DW_NO_BEST      EQU     $7FFF           ; above any deadwood
SUITS_ALL       EQU     %1111           ; a rank held in all four suits
MAX_LEVELS      EQU     4               ; room for MAX_SETS set ranks (one spare)

; SumRuns table — A (8-bit) = sum over DwWork's four suits of the byte table[mask], read
; long (the tables may live in another bank); carry clear after. M=8, X=16.
        MACRO
&lab    SumRuns &table
&lab    ldx     DwWork+Hand.clubs
        lda     >&table,x
        clc
        ldx     DwWork+Hand.diamonds
        adc     >&table,x
        ldx     DwWork+Hand.hearts
        adc     >&table,x
        ldx     DwWork+Hand.spades
        adc     >&table,x
        MEND

; MaxGain table — A (8-bit) = the largest byte table[mask] over DwWork's suits. M=8, X=16.
; (Its local labels @d @h @s: one use per routine.)
        MACRO
&lab    MaxGain &table
&lab    ldx     DwWork+Hand.clubs
        lda     >&table,x
        ldx     DwWork+Hand.diamonds
        cmp     >&table,x
        bcs     @d
        lda     >&table,x
@d      ldx     DwWork+Hand.hearts
        cmp     >&table,x
        bcs     @h
        lda     >&table,x
@h      ldx     DwWork+Hand.spades
        cmp     >&table,x
        bcs     @s
        lda     >&table,x
@s      ANOP
        MEND

; ------------------------------------------------------------------------------------
; DeadwoodData — input hand, output record and the search's scratch.
; ------------------------------------------------------------------------------------
DeadwoodData PROC EXPORT
        EXPORT  DwHand
        EXPORT  DwOut
        EXPORT  DwWork
        EXPORT  DwTmp
        EXPORT  DwSel
        EXPORT  DwLevels
        EXPORT  DwBest
        EXPORT  LvBit
        EXPORT  LvSuits
        EXPORT  LvOpt
        EXPORT  BestOpt
        EXPORT  BestWork
DwHand  DS.B    Hand.Size               ; IN: the hand (suit masks)
DwOut   DS.B    MeldOut.Size            ; OUT: deadwood, sets and run cards (MeldOut)
DwWork  DS.B    Hand.Size               ; the hand less the cards of the chosen sets
DwTmp   DS.W    1                       ; scratch of DwSolve
DwSel   DS.W    1                       ; DW_EVAL_PLAIN or DW_EVAL_DISCARD
DwLevels DS.W   1                       ; 2 * number of set ranks
DwBest  DS.W    1                       ; best value so far
LvBit   DS.W    MAX_LEVELS              ; per set rank: its rank bit
LvSuits DS.W    MAX_LEVELS              ; per set rank: the suits holding it
LvOpt   DS.W    MAX_LEVELS              ; per set rank: suits of the set being tried (0 = none)
BestOpt DS.W    MAX_LEVELS              ; LvOpt of the best choice
BestWork DS.B   Hand.Size               ; DwWork of the best choice
; the canonical arrangement (Canon): current choice and best so far
        EXPORT  CnBestVal
        EXPORT  CnBestCount
        EXPORT  CnBestHi
        EXPORT  CnBestLo
        EXPORT  CnBestWork
        EXPORT  CnCurCount
        EXPORT  CnCurHi
        EXPORT  CnCurLo
        EXPORT  CnDead
CnBestVal DS.W  1                       ; its deadwood
CnBestCount DS.W 1                      ; 2 * number of melds
CnBestHi DS.W   MAX_LEVELS              ; meld keys, candidate order (see EvalCanon)
CnBestLo DS.W   MAX_LEVELS
CnBestWork DS.B Hand.Size               ; the hand less its sets
CnCurCount DS.W 1
CnCurHi DS.W    MAX_LEVELS
CnCurLo DS.W    MAX_LEVELS
CnDead  DS.B    Hand.Size               ; OUT of Canon: the deadwood cards per suit
        ENDP

; ------------------------------------------------------------------------------------
; Deadwood — the minimum deadwood of DwHand and the arrangement that gives it.
;   In:  DwHand = the hand (any number of cards; at most 3 ranks in >= 3 suits).
;   Out: A = DwOut.deadwood = the minimum deadwood; DwOut.setCount/setRank/setSuits =
;        the sets of the first best arrangement found (choices tried in the order: no
;        set, all the rank's cards, then 3-card sets leaving out clubs, diamonds, hearts,
;        spades); DwOut.runs = the cards left to runs and deadwood, per suit.
;   Around the corner (RulesBlock.corner): cyclic runs, a deadwood ace 15.
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost (11 random cards): mean 570 cycles,
;   p99 2,060, worst 10,400 (two ranks in all four suits and one in three: 72 choices);
;   around the corner mean 580, p99 2,070.
; ------------------------------------------------------------------------------------
Deadwood PROC   EXPORT
        IMPORT  DwSolve
        LONGA   ON
        LONGI   ON
        ldx     #DW_EVAL_PLAIN
        jmp     DwSolve
        ENDP

; ------------------------------------------------------------------------------------
; DeadwoodDiscard — the minimum deadwood left after discarding one card of DwHand.
;   In:  DwHand = a 10- or 11-card hand (exact for both: RunGain is clamped at 0, and a
;        choice whose suits all hold only three-card runs leaves a four-card set, one of
;        whose cards goes for 0 as well). Any hand with at most 3 ranks in >= 3 suits.
;   Out: A = DwOut.deadwood = min over discards of the deadwood left.
;        (DwOut's sets describe the arrangement before the discard.) Around the corner
;        by RunGainCorner (the same argument holds for cyclic runs).
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost (11 random cards): mean 660 cycles,
;   p99 2,410; 12,700 over 72 choices of sets; around the corner mean 670.
; ------------------------------------------------------------------------------------
DeadwoodDiscard PROC EXPORT
        IMPORT  DwSolve
        LONGA   ON
        LONGI   ON
        ldx     #DW_EVAL_DISCARD
        jmp     DwSolve
        ENDP

; ------------------------------------------------------------------------------------
; DwSolve — the search shared by Deadwood and DeadwoodDiscard.
;   In:  X = DW_EVAL_PLAIN, DW_EVAL_DISCARD or DW_EVAL_CANON; DwHand; RulesBlock.corner.
;   Out: as Deadwood. Clobbers: A, X, Y. M=16 X=16 DBR=ours.
; ------------------------------------------------------------------------------------
DwSolve PROC    EXPORT
        IMPORT  DwHand,DwOut,DwWork,DwTmp,DwSel,DwLevels,DwBest
        IMPORT  LvBit,LvSuits,LvOpt,BestOpt,BestWork
        IMPORT  RunDeadwood,RunGain,RunDeadwoodCorner,RunGainCorner,RulesBlock
        IMPORT  CnBestVal,CnBestCount,CnBestHi,CnBestLo,CnBestWork,CnCurCount,CnCurHi,CnCurLo
        EXPORT  RunCards
        LONGA   ON
        LONGI   ON
        lda     RulesBlock+RulesRec.corner
        beq     @sel
        txa                             ; around the corner: the corner evaluators
        clc
        adc     #DW_EVAL_CORNER
        tax
@sel    stx     DwSel
        stz     DwLevels                ; no set ranks yet
        lda     DwHand+Hand.clubs       ; work := hand
        sta     DwWork+Hand.clubs
        lda     DwHand+Hand.diamonds
        sta     DwWork+Hand.diamonds
        lda     DwHand+Hand.hearts
        sta     DwWork+Hand.hearts
        lda     DwHand+Hand.spades
        sta     DwWork+Hand.spades
        and     DwHand+Hand.hearts      ; ranks in >= 3 suits =
        sta     DwTmp                   ;   (h&s) & (c|d)
        lda     DwHand+Hand.clubs
        ora     DwHand+Hand.diamonds
        and     DwTmp
        sta     DwTmp
        lda     DwHand+Hand.clubs       ;   | (c&d) & (h|s)
        and     DwHand+Hand.diamonds
        tay
        lda     DwHand+Hand.hearts
        ora     DwHand+Hand.spades
        sta     DwBest
        tya
        and     DwBest
        ora     DwTmp
        bne     @sets
        ldx     DwSel                   ; no set possible: one evaluation
        jsr     (DwEvalTable,x)
        sta     DwOut+MeldOut.deadwood
        stz     DwOut+MeldOut.setCount
        lda     DwWork+Hand.clubs
        sta     DwOut+MeldOut.runs+Hand.clubs
        lda     DwWork+Hand.diamonds
        sta     DwOut+MeldOut.runs+Hand.diamonds
        lda     DwWork+Hand.hearts
        sta     DwOut+MeldOut.runs+Hand.hearts
        lda     DwWork+Hand.spades
        sta     DwOut+MeldOut.runs+Hand.spades
        lda     DwOut+MeldOut.deadwood
        rts

@sets   ldy     #0                      ; y = 2 * set rank index
@rank   sta     DwTmp                   ; DwTmp = set ranks not yet listed
        eor     #$FFFF
        inc     a
        and     DwTmp                   ; the lowest of them
        sta     LvBit,y
        and     DwHand+Hand.clubs       ; its suits: 1 clubs, 2 diamonds, 4 hearts, 8 spades
        beq     @noC
        lda     #%0001
@noC    sta     LvSuits,y
        lda     LvBit,y
        and     DwHand+Hand.diamonds
        beq     @noD
        lda     #%0010
        ora     LvSuits,y
        sta     LvSuits,y
@noD    lda     LvBit,y
        and     DwHand+Hand.hearts
        beq     @noH
        lda     #%0100
        ora     LvSuits,y
        sta     LvSuits,y
@noH    lda     LvBit,y
        and     DwHand+Hand.spades
        beq     @noS
        lda     #%1000
        ora     LvSuits,y
        sta     LvSuits,y
@noS    lda     DwTmp
        eor     LvBit,y                 ; listed
        iny
        iny
        cmp     #0
        bne     @rank
        sty     DwLevels
        lda     #DW_NO_BEST
        sta     DwBest
        ldx     #0
        jsr     DwEnum                  ; try every choice of sets
        lda     DwBest
        sta     DwOut+MeldOut.deadwood
        ldx     #0                      ; x = 2 * level
        ldy     #0                      ; y = 2 * set written
@out    cpx     DwLevels
        bcs     @outEnd
        lda     BestOpt,x
        beq     @outNext                ; this rank made no set
        sta     DwOut+MeldOut.setSuits,y
        lda     LvBit,x
        sta     DwOut+MeldOut.setRank,y
        iny
        iny
@outNext inx
        inx
        bra     @out
@outEnd tya
        lsr     a
        sta     DwOut+MeldOut.setCount
        lda     BestWork+Hand.clubs
        sta     DwOut+MeldOut.runs+Hand.clubs
        lda     BestWork+Hand.diamonds
        sta     DwOut+MeldOut.runs+Hand.diamonds
        lda     BestWork+Hand.hearts
        sta     DwOut+MeldOut.runs+Hand.hearts
        lda     BestWork+Hand.spades
        sta     DwOut+MeldOut.runs+Hand.spades
        lda     DwBest
        rts

; DwEnum — try every choice for set ranks X/2 .. last, keeping the best in DwBest; it
; stops once DwBest is 0 (Canon keeps DwBest at DW_NO_BEST and tries every choice).
;   In: X = 2 * level; DwWork = hand less the sets chosen above this level.
;   Out: X unchanged, DwWork unchanged. Clobbers A, Y.
DwEnum  cpx     DwLevels
        bcc     @branch
        ldx     DwSel                   ; a full choice: evaluate it
        jsr     (DwEvalTable,x)
        ldx     DwLevels
        cmp     DwBest
        bcs     @keep                   ; ties keep the first found
        sta     DwBest
        lda     LvOpt
        sta     BestOpt
        lda     LvOpt+2
        sta     BestOpt+2
        lda     LvOpt+4
        sta     BestOpt+4
        lda     DwWork+Hand.clubs
        sta     BestWork+Hand.clubs
        lda     DwWork+Hand.diamonds
        sta     BestWork+Hand.diamonds
        lda     DwWork+Hand.hearts
        sta     BestWork+Hand.hearts
        lda     DwWork+Hand.spades
        sta     BestWork+Hand.spades
@keep   rts
@branch stz     LvOpt,x                 ; 1. no set of this rank
        inx
        inx
        jsr     DwEnum
        dex
        dex
        lda     DwBest                  ; (after each try: 0 found, nothing can beat it
        beq     @done                   ;  and ties keep the first, so stop)
        lda     LvSuits,x
        cmp     #SUITS_ALL
        beq     @four
        jmp     DwTry                   ; 2. the set of its three cards
@four   sta     LvOpt,x                 ; 2. the four-card set: all four out of DwWork
        jsr     DwToggle
        inx
        inx
        jsr     DwEnum
        dex
        dex
        lda     DwBest
        beq     @back
        lda     #%0001                  ; 3. the three-card sets leaving out clubs,
        jsr     DwLeave
        lda     DwBest
        beq     @back
        lda     #%0010                  ;    diamonds,
        jsr     DwLeave
        lda     DwBest
        beq     @back
        lda     #%0100                  ;    hearts,
        jsr     DwLeave
        lda     DwBest
        beq     @back
        lda     #%1000                  ;    spades
        jsr     DwLeave
@back   lda     #SUITS_ALL              ; the four cards back into DwWork
        jmp     DwToggle
@done   rts

; DwLeave — with the four cards of rank level X/2 out of DwWork: put the card of suit A
; (bit 0 clubs..bit 3 spades) back, search the levels below with the three-card set of
; the others, take the card out again. X unchanged; clobbers A, Y.
DwLeave eor     #SUITS_ALL
        sta     LvOpt,x                 ; the set: the other three suits
        eor     #SUITS_ALL
        jsr     DwToggle
        inx
        inx
        jsr     DwEnum
        dex
        dex
        lda     LvOpt,x
        eor     #SUITS_ALL
        jmp     DwToggle

; DwTry — take the set of suits A of rank level X/2 out of DwWork, search the levels
; below, put the cards back. X unchanged.
DwTry   sta     LvOpt,x
        jsr     DwToggle
        inx
        inx
        jsr     DwEnum
        dex
        dex
        lda     LvOpt,x
        ; fall into DwToggle to put the cards back

; DwToggle — flip the bit LvBit,x in the suit masks of DwWork named by A (bit 0 clubs..
; bit 3 spades). X unchanged; clobbers A, Y.
DwToggle lsr    a
        bcc     @notC
        tay
        lda     DwWork+Hand.clubs
        eor     LvBit,x
        sta     DwWork+Hand.clubs
        tya
@notC   lsr     a
        bcc     @notD
        tay
        lda     DwWork+Hand.diamonds
        eor     LvBit,x
        sta     DwWork+Hand.diamonds
        tya
@notD   lsr     a
        bcc     @notH
        tay
        lda     DwWork+Hand.hearts
        eor     LvBit,x
        sta     DwWork+Hand.hearts
        tya
@notH   lsr     a
        bcc     @notS
        lda     DwWork+Hand.spades
        eor     LvBit,x
        sta     DwWork+Hand.spades
@notS   rts

; The evaluators, by DwSel: A = value of DwWork (then the same three around the corner).
DwEvalTable DC.W EvalPlain,EvalDiscard,EvalCanon,EvalPlainC,EvalDiscardC,EvalCanon

; EvalCanon — keep the canonical arrangement (docs/personalities.md section 1): lower
; deadwood, then fewer melds, then the smaller list of candidate keys. Each meld has a
; key pair (CnHi, CnLo) ordered as the candidate order: a run is (suit<<13 | start bit,
; ~block mask) so a longer run from the same start comes first; a set is ($8000 | rank
; bit, SetOrder[suits]). Records the winner in Cn... itself; returns A = DW_EVAL_NONE.
EvalCanon lda   DwSel                   ; EvalPlain or EvalPlainC
        sec
        sbc     #DW_EVAL_CANON
        tax
        jsr     (DwEvalTable,x)
        cmp     CnBestVal
        beq     @tie
        bcc     @better
        lda     #DW_EVAL_NONE           ; more deadwood: not a candidate
        rts
@better sta     CnBestVal
        jsr     CnKeys
        jmp     CnTake
@tie    jsr     CnKeys
        lda     CnCurCount
        cmp     CnBestCount
        bcc     @take                   ; fewer melds wins
        bne     @worse
        tax
        beq     @worse                  ; no melds either: the same arrangement
        stx     CnLimit
        ldx     #0
@lex    lda     CnCurHi,x               ; compare the key lists
        cmp     CnBestHi,x
        bcc     @take
        bne     @worse
        lda     CnCurLo,x
        cmp     CnBestLo,x
        bcc     @take
        bne     @worse
        inx
        inx
        cpx     CnLimit
        bcc     @lex
@worse  lda     #DW_EVAL_NONE
        rts
@take   jmp     CnTake

; CnTake — best := current (keys, count, work masks). Returns A = DW_EVAL_NONE.
CnTake  ldx     CnCurCount
        stx     CnBestCount
        beq     @work
@copy   dex
        dex
        lda     CnCurHi,x
        sta     CnBestHi,x
        lda     CnCurLo,x
        sta     CnBestLo,x
        txa
        bne     @copy
@work   lda     DwWork+Hand.clubs
        sta     CnBestWork+Hand.clubs
        lda     DwWork+Hand.diamonds
        sta     CnBestWork+Hand.diamonds
        lda     DwWork+Hand.hearts
        sta     CnBestWork+Hand.hearts
        lda     DwWork+Hand.spades
        sta     CnBestWork+Hand.spades
        lda     #DW_EVAL_NONE
        rts

; CnKeys — the key list of the current choice into CnCurHi/Lo, 2*count into CnCurCount.
; Runs: every block of >= 3 consecutive cards left in DwWork, suits clubs..spades,
; starts ascending; then the chosen sets, ranks ascending (the levels are in that order).
CnKeys  ldy     #0                      ; y = 2 * melds listed
        ldx     #0                      ; x = 2 * suit
@suit   lda     DwWork,x
        jsr     RunCards                ; A = the cards of the suit in runs
        beq     @nextSuit
        sta     CnM
        asl     a
        eor     #$FFFF
        and     CnM
        sta     CnStarts                ; bit r: a run block starts at r
        lda     RulesBlock+RulesRec.corner
        beq     @block
        lda     CnM                     ; around the corner: K-A-.. is one block from
        cmp     #SUIT_MASK_ALL          ; the King's side (a whole suit: from the ace)
        beq     @block
        and     #KING_BIT
        beq     @block
        lda     #ACE_BIT
        trb     CnStarts
@block  lda     CnStarts
        eor     #$FFFF
        inc     a
        and     CnStarts                ; s = lowest start bit
        sta     CnSbit
        ora     SuitHi,x
        sta     CnCurHi,y               ; hi = suit << 13 | start bit
        lda     CnSbit
        clc
        adc     CnM
        eor     CnM
        and     CnM                     ; the block: bits s .. end
        sta     CnBlk
        and     #KING_BIT
        beq     @key
        lda     RulesBlock+RulesRec.corner
        beq     @key
        lda     CnM                     ; around the corner, a block through the King
        inc     a                       ; goes on with the ace's: bits 0 .. its end
        eor     CnM
        and     CnM
        tsb     CnBlk
@key    lda     CnBlk
        eor     #$FFFF
        sta     CnCurLo,y               ; lo = ~block
        iny
        iny
        lda     CnStarts
        eor     CnSbit
        sta     CnStarts
        bne     @block
@nextSuit inx
        inx
        cpx     #Hand.Size
        bcs     @sets
        jmp     @suit
@sets   ldx     #0                      ; the sets chosen, by level
@set    cpx     DwLevels
        bcs     @done
        lda     LvOpt,x
        beq     @nextSet
        phx
        tax
        lda     SetOrder,x              ; (byte table)
        and     #$00FF
        plx
        sta     CnCurLo,y
        lda     LvBit,x
        ora     #SET_KEY
        sta     CnCurHi,y
        iny
        iny
@nextSet inx
        inx
        bra     @set
@done   sty     CnCurCount
        rts

; RunCards — A = the cards of suit mask A that lie in blocks of >= 3 consecutive ranks.
;   R3 = m & m>>1 & m>>2 (starts of three-card windows); runs = R3 | R3<<1 | R3<<2.
;   Around the corner (RulesBlock.corner) the ranks are cyclic: the same on
;   W = m | m<<13 (ace, two, three again above the King), folded back.
;   Clobbers nothing else; Z set when there is none. Cost: 40 cycles; 120 around the corner.
RunCards sta    CnT
        lda     RulesBlock+RulesRec.corner
        bne     @corner
        lda     CnT
        lsr     a
        and     CnT
        sta     CnT                     ; m & m>>1
        lsr     a
        and     CnT                     ; R3
        sta     CnT
        asl     a
        ora     CnT
        sta     CnT                     ; R3 | R3<<1
        asl     a
        ora     CnT                     ; | R3<<2
        rts
@corner lda     CnT
        and     #CORNER_AGAIN           ; W = m | m<<13: the ace, two and three again
        xba                             ;   above the King (<<8, then <<5)
        asl     a
        asl     a
        asl     a
        asl     a
        asl     a
        ora     CnT
        sta     CnT
        lsr     a
        and     CnT
        sta     CnT                     ; W & W>>1
        lsr     a
        and     CnT
        and     #SUIT_MASK_ALL          ; R3 (cyclic)
        sta     CnT
        asl     a
        ora     CnT
        sta     CnT
        asl     a
        ora     CnT                     ; R3 | R3<<1 | R3<<2: bits 13-14 are ace and two
        sta     CnT
        xba
        and     #$00FF
        lsr     a
        lsr     a
        lsr     a
        lsr     a
        lsr     a                       ; bits 13-14 down to 0-1
        ora     CnT
        and     #SUIT_MASK_ALL
        rts

; suit << 13 for x = 2 * suit
SuitHi  DC.W    0<<SUITS_HI_SHIFT,1<<SUITS_HI_SHIFT,2<<SUITS_HI_SHIFT,3<<SUITS_HI_SHIFT
; candidate order of a set by its suits: all four 0; {CDH} 1, {CDS} 2, {CHS} 3, {DHS} 4
SetOrder DC.B   0,0,0,0,0,0,0,1,0,0,0,2,0,3,4,0
CnT     DS.W    1
CnM     DS.W    1
CnStarts DS.W   1
CnSbit  DS.W    1
CnBlk   DS.W    1
CnLimit DS.W    1

; EvalPlain — A = sum over the suits of RunDeadwood[mask]. A suit's deadwood is at most
; 60, so the sum of four fits a byte: it is added with an 8-bit accumulator. The tables
; are in the data segment (another bank than DBR): read long, `>Table,x` (with X 16-bit,
; 5 cycles as `Table,x` would be).
EvalPlain Acc8
        ldx     DwWork+Hand.clubs
        lda     >RunDeadwood,x
        clc
        ldx     DwWork+Hand.diamonds
        adc     >RunDeadwood,x
        ldx     DwWork+Hand.hearts
        adc     >RunDeadwood,x
        ldx     DwWork+Hand.spades
        adc     >RunDeadwood,x
        Acc16
        and     #$00FF
        rts

; EvalDiscard — A = EvalPlain - max over the suits of RunGain[mask] (8-bit, as EvalPlain).
EvalDiscard Acc8
        ldx     DwWork+Hand.clubs       ; the largest gain
        lda     >RunGain,x
        ldx     DwWork+Hand.diamonds
        cmp     >RunGain,x
        bcs     @d
        lda     >RunGain,x
@d      ldx     DwWork+Hand.hearts
        cmp     >RunGain,x
        bcs     @h
        lda     >RunGain,x
@h      ldx     DwWork+Hand.spades
        cmp     >RunGain,x
        bcs     @s
        lda     >RunGain,x
@s      sta     DwGain
        ldx     DwWork+Hand.clubs       ; the plain sum
        lda     >RunDeadwood,x
        clc
        ldx     DwWork+Hand.diamonds
        adc     >RunDeadwood,x
        ldx     DwWork+Hand.hearts
        adc     >RunDeadwood,x
        ldx     DwWork+Hand.spades
        adc     >RunDeadwood,x
        sec
        sbc     DwGain                  ; a gain never exceeds its suit's deadwood
        Acc16
        and     #$00FF
        rts

; EvalPlainC, EvalDiscardC — EvalPlain and EvalDiscard around the corner.
EvalPlainC Acc8
        SumRuns RunDeadwoodCorner
        Acc16
        and     #$00FF
        rts

EvalDiscardC Acc8
        MaxGain RunGainCorner
        sta     DwGain
        SumRuns RunDeadwoodCorner
        sec
        sbc     DwGain
        Acc16
        and     #$00FF
        rts

DwGain  DS.W    1                       ; EvalDiscard: the largest gain (low byte)
        ENDP

; ------------------------------------------------------------------------------------
; Canon — the canonical best arrangement of DwHand (docs/personalities.md section 1).
;   In:  DwHand (up to 11 cards).
;   Out: A = CnBestVal = deadwood; CnBestCount = 2 * melds; CnBestHi/CnBestLo = the
;        melds' keys in display order (see EvalCanon: run = (suit<<13 | start bit,
;        ~cards); set = ($8000 | rank bit, SetOrder)); CnDead = deadwood cards per suit.
;   Around the corner (RulesBlock.corner) a run may go round the King (Q-K-A-2: key
;   start bit Q, its cards from Q up).
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost (11 cards): mean 1,720 cycles, worst
;   7,500; around the corner mean 2,290, worst 8,700.
; ------------------------------------------------------------------------------------
Canon   PROC    EXPORT
        IMPORT  DwSolve,CnBestVal,CnBestWork,CnDead,RunCards
        LONGA   ON
        LONGI   ON
        lda     #DW_NO_BEST
        sta     CnBestVal
        ldx     #DW_EVAL_CANON
        jsr     DwSolve
        ldx     #Hand.Size-2            ; deadwood cards: what no run takes
@suit   lda     CnBestWork,x
        jsr     RunCards
        eor     #$FFFF
        and     CnBestWork,x
        sta     CnDead,x
        dex
        dex
        bpl     @suit
        lda     CnBestVal
        rts
        ENDP

; ------------------------------------------------------------------------------------
; Public entry points (JSL, any M/X/DBR; see engine.macros).
; ------------------------------------------------------------------------------------
; GK_Deadwood: In: DwHand.  Out: A = deadwood, DwOut (MeldOut).
GK_Deadwood PROC EXPORT
        IMPORT  Deadwood
        EngineEnter
        jsr     Deadwood
        EngineLeave
        ENDP

; GK_DeadwoodDiscard: In: DwHand (11 cards).  Out: A = deadwood after the best discard.
GK_DeadwoodDiscard PROC EXPORT
        IMPORT  DeadwoodDiscard
        EngineEnter
        jsr     DeadwoodDiscard
        EngineLeave
        ENDP

; GK_Canon: In: DwHand.  Out: A = deadwood, CnBest..., CnDead.
GK_Canon PROC   EXPORT
        IMPORT  Canon
        EngineEnter
        jsr     Canon
        EngineLeave
        ENDP

        END
