; scoring.asm — hand and game scoring and the terms of a hand (manual, "Rules of Gin":
; "Scoring", "Oklahoma Gin"; Glossary "Box", "Skunk", "Undercut", "Knock Card"), with the
; house rules of RulesBlock (docs/rules.md "House rules"): the bonuses in points, the box
; per hand won, as the difference (004) or off (001), the shutout doubled or in points
; (004's Blitz), spades double in standard gin (003), Simple Gin's knock limit 0 (002).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; ScoreHand — score a knock from ShowBlock.knockerDw / defenderDw / multiplier:
;   gin:      the knocker scores the defender's deadwood + the gin bonus;
;   undercut: defender's deadwood <= knocker's: the defender scores the difference + the
;             undercut bonus;
;   else:     the knocker scores the difference.  All times the multiplier.
;   (Bonuses: RulesBlock.ginBonus, .undercutBonus; the manual's 25 each.)
;   Out: ShowBlock.kind, .winner, .points. Clobbers: A, X.
; ------------------------------------------------------------------------------------
ScoreHand PROC  EXPORT
        IMPORT  ShowBlock,RulesBlock
        lda     ShowBlock+Showdown.knockerDw
        bne     @notGin
        lda     #HAND_GIN
        sta     ShowBlock+Showdown.kind
        stz     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.defenderDw
        clc
        adc     RulesBlock+RulesRec.ginBonus
        bra     @multiply
@notGin cmp     ShowBlock+Showdown.defenderDw
        bcc     @knock                  ; knocker < defender: a plain knock
        lda     #HAND_UNDERCUT          ; "less or equal deadwood": undercut
        sta     ShowBlock+Showdown.kind
        lda     #1
        sta     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.knockerDw
        sec
        sbc     ShowBlock+Showdown.defenderDw
        clc
        adc     RulesBlock+RulesRec.undercutBonus
        bra     @multiply
@knock  lda     #HAND_KNOCK
        sta     ShowBlock+Showdown.kind
        stz     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.defenderDw
        sec
        sbc     ShowBlock+Showdown.knockerDw
@multiply ldx   ShowBlock+Showdown.multiplier
        cpx     #2
        bne     @store
        asl     a                       ; a spade knock card doubles the hand
@store  sta     ShowBlock+Showdown.points
        rts
        ENDP

; ------------------------------------------------------------------------------------
; GK_FinalScore — the score sheet at the game's end.  JSL, any M/X/DBR.
;   In:  GameEndBlock.winner, .handPoints[2], .boxes[2]; RulesBlock (box, boxBonus,
;        gameBonus, shutout).
;   Out: .shutout (the loser won no hand), .totals[2], .net (signed).
;        box[p] = boxBonus * boxes[p] (BOX_EACH), * max(0, boxes[p] - boxes[other])
;        (BOX_DIFFERENCE), or 0 (BOX_OFF); totals[p] = handPoints[p] + box[p], but the
;        winner's hand points and game bonus are doubled on a shutout (SHUTOUT_DOUBLE;
;        the box bonus is not) or get the shutout's points added.
;   Cost: about 300 cycles.
; ------------------------------------------------------------------------------------
GK_FinalScore PROC EXPORT
        IMPORT  GameEndBlock,RulesBlock
        EngineEnter
        ldx     #2                      ; per player: his boxes that count
@boxes  lda     GameEndBlock+GameEnd.boxes,x
        ldy     RulesBlock+RulesRec.box
        cpy     #BOX_DIFFERENCE
        bne     @count
        txa
        eor     #2
        tay                             ; y = 2 * the other player
        lda     GameEndBlock+GameEnd.boxes,x
        sec
        sbc     GameEndBlock+GameEnd.boxes,y
        bpl     @count
        lda     #0                      ; behind in boxes: none
@count  jsr     BoxPoints
        sta     FsBox,x
        clc
        adc     GameEndBlock+GameEnd.handPoints,x
        sta     GameEndBlock+GameEnd.totals,x
        dex
        dex
        bpl     @boxes
        lda     GameEndBlock+GameEnd.winner
        asl     a
        tax                             ; x = 2 * winner
        eor     #2
        tay                             ; y = 2 * loser
        stz     GameEndBlock+GameEnd.shutout
        lda     GameEndBlock+GameEnd.handPoints,x
        clc
        adc     RulesBlock+RulesRec.gameBonus   ; the winner's core: hand points + game bonus
        sta     FsCore
        lda     GameEndBlock+GameEnd.boxes,y
        bne     @total
        inc     GameEndBlock+GameEnd.shutout
        lda     RulesBlock+RulesRec.shutout
        cmp     #SHUTOUT_DOUBLE
        bne     @points
        lda     FsCore                  ; skunk: doubled
@points clc                             ; (or the shutout's points added)
        adc     FsCore
        sta     FsCore
@total  lda     FsCore
        clc
        adc     FsBox,x
        sta     GameEndBlock+GameEnd.totals,x
        lda     GameEndBlock+GameEnd.totals,x
        sec
        sbc     GameEndBlock+GameEnd.totals,y
        sta     GameEndBlock+GameEnd.net
        EngineLeave

; BoxPoints — A = A boxes * RulesBlock.boxBonus, or 0 under BOX_OFF (A small: a loop of
; additions).  Clobbers: A, Y.
BoxPoints tay
        lda     RulesBlock+RulesRec.box
        cmp     #BOX_OFF
        beq     @none
        lda     #0
@add    dey
        bmi     @done
        clc
        adc     RulesBlock+RulesRec.boxBonus
        bra     @add
@none   lda     #0
@done   rts
FsCore  DS.W    1
FsBox   DS.W    2                       ; each player's box points
        ENDP

; ------------------------------------------------------------------------------------
; GK_HandTerms — what the first upcard fixes for a hand.  JSL, any M/X/DBR.
;   In:  A = the first upcard (Eleven/Ten: the opening discard), X = VARIANT_STANDARD or
;        VARIANT_OKLAHOMA; RulesBlock.spadesDouble, .knockOff.
;   Out: A = the knock limit (Standard 10; Oklahoma: the card's value, an Ace 0 = gin
;        only; knocking off: 0), X = the multiplier (2 when the card is a spade, in
;        Oklahoma or under spades double).  Cost: about 90 cycles.
; ------------------------------------------------------------------------------------
GK_HandTerms PROC EXPORT
        IMPORT  CardBit,CardSuit2,RunDeadwood,RulesBlock
        EngineEnter
        stx     HtVariant
        asl     a
        tax
        ldy     #1                      ; the multiplier
        lda     CardSuit2,x
        cmp     #2*3                    ; 2 * spades
        bne     @suit
        lda     HtVariant               ; a spade doubles in Oklahoma, and in standard
        ora     RulesBlock+RulesRec.spadesDouble        ; gin under spades double
        beq     @suit
        iny
@suit   lda     HtVariant
        bne     @value
        lda     #STANDARD_KNOCK_LIMIT
        bra     @rules
@value  lda     CardBit,x
        tax
        lda     RunDeadwood,x           ; a lone card's deadwood = its value
        and     #$00FF
        cmp     #1
        beq     @gin                    ; an Ace: gin only
@rules  ldx     RulesBlock+RulesRec.knockOff
        beq     @limit
@gin    lda     #0                      ; (knocking off: gin only too, Simple Gin)
@limit  tyx
        EngineLeave
HtVariant DS.W  1
        ENDP

        END
