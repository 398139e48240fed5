; shark.asm — Shark (manual, "Computer Personalities": Shark; docs/personalities.md
; sections 2, 4, 6). His discard is Phyllis's (remember.asm).
;   Draw:  take = min over c in H of deadwood(H + u - c); over the n unseen cards x,
;          S = sum of best(H + x) (best = least deadwood after a discard); take the
;          upcard iff take * n < S. A card x in no three-card meld with two cards of H
;          gives best(H + x) = min(dw, dw + value(x) - G) (G = largest drop from
;          removing one card of H); only the others need DeadwoodDiscard.
;   Knock: score-aware, first rule that applies: gin; target - mine <= 15; no hand won
;          and target - theirs <= 40; CATCH[min(oppDraws, 11)] - deadwood >= 25;
;          otherwise Phyllis's rule.
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

NEAR_WIN        EQU     15              ; "only needs a few points to win"
SHUTOUT_DANGER  EQU     40              ; opponent this close while Shark has no box
CATCH_MARGIN    EQU     25              ; "catch you with a lot of deadwood"
CATCH_LAST      EQU     11              ; last index of CatchTable
SUIT_MASK_ALL   EQU     $1FFF
NO_PARTNER      EQU     $FF
PAIR_BYTES      EQU     12

; ------------------------------------------------------------------------------------
; SharkDraw — the look-ahead draw and its advice:
;   take:  "Take the u. It leaves <N points> in deadwood, against <avg> on average from
;          the stock."
;   stock: "Draw from the stock." (or "Refuse the u.") " The u leaves <N points> in
;          deadwood, against <avg> on average from the stock."   (avg = S div n)
;   In: PosBlock: hand (10), upcard, firstOffer, pile, oppKnown. Out: DecBlock.
;   Clobbers: A, X, Y. Cost: about 20 Deadwood + (melding unseen cards) DeadwoodDiscard.
; ------------------------------------------------------------------------------------
SharkDraw PROC  EXPORT
        IMPORT  PosBlock,DecBlock,AiHand,DwHand,CopyHand,CardFlip,CardIn,DwAfter
        IMPORT  Deadwood,DeadwoodDiscard,MeldPairs,CardBit,CardRank2,RunDeadwood
        IMPORT  TxtInline,TxtCard,TxtNum,TxtPoints,NoTakeOpening
        ldx     #PosBlock+Pos.hand      ; ---- take = min over c in H of dw(H + u - c)
        ldy     #AiHand
        jsr     CopyHand
        lda     PosBlock+Pos.upcard
        ldy     #AiHand
        jsr     CardFlip
        lda     #NO_DEADWOOD_YET
        sta     SdTake
        stz     SdCard
@take   lda     SdCard
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        beq     @takeNext
        lda     SdCard
        jsr     DwAfter
        cmp     SdTake
        bcs     @takeNext
        sta     SdTake
@takeNext inc   SdCard
        lda     SdCard
        cmp     #CARDS_IN_DECK
        bcc     @take
        ldx     #PosBlock+Pos.hand      ; ---- base = dw(H); G = max drop over d in H
        ldy     #AiHand
        jsr     CopyHand
        ldx     #AiHand
        ldy     #DwHand
        jsr     CopyHand
        jsr     Deadwood
        sta     SdBase
        lda     #$8000                  ; signed minimum
        sta     SdGain
        stz     SdCard
@gain   lda     SdCard
        ldy     #AiHand
        jsr     CardIn
        beq     @gainNext
        lda     SdCard
        jsr     DwAfter
        eor     #$FFFF
        sec
        adc     SdBase                  ; base - dw(H - d)
        sta     SdTmp
        sec
        sbc     SdGain                  ; signed compare with the best so far
        bvc     @noOv
        eor     #$8000
@noOv   bmi     @gainNext
        lda     SdTmp
        sta     SdGain
@gainNext inc   SdCard
        lda     SdCard
        cmp     #CARDS_IN_DECK
        bcc     @gain
        ldx     #Hand.Size-2            ; ---- unseen = all - H - u - pile - oppKnown
@unseen lda     PosBlock+Pos.hand,x
        ora     PosBlock+Pos.pile,x
        ora     PosBlock+Pos.oppKnown,x
        eor     #SUIT_MASK_ALL
        sta     SdUnseen,x
        dex
        dex
        bpl     @unseen
        lda     PosBlock+Pos.upcard
        ldy     #SdUnseen
        jsr     CardIn
        beq     @sum
        lda     PosBlock+Pos.upcard
        ldy     #SdUnseen
        jsr     CardFlip
@sum    stz     SdTotal                 ; ---- S and n over the unseen cards
        stz     SdCount
        stz     SdCard
@x      lda     SdCard
        ldy     #SdUnseen
        jsr     CardIn
        bne     @xUnseen
        jmp     @xNext
@xUnseen inc    SdCount
        lda     SdCard                  ; in a three-card meld with two cards of H?
        asl     a
        adc     SdCard
        asl     a
        asl     a
        sta     SdPair                  ; 12 * x: its pairs in MeldPairs
        clc
        adc     #PAIR_BYTES
        sta     SdPairEnd
@pair   ldx     SdPair
        lda     MeldPairs,x
        and     #$00FF
        cmp     #NO_PARTNER
        beq     @unmeldable
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        beq     @pairNext
        ldx     SdPair
        lda     MeldPairs+1,x
        and     #$00FF
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        bne     @meldable
@pairNext lda   SdPair
        clc
        adc     #2
        sta     SdPair
        cmp     SdPairEnd
        bcc     @pair
@unmeldable lda SdCard                  ; min(base, base + value(x) - G)
        asl     a
        tax
        lda     CardBit,x
        tax
        lda     RunDeadwood,x           ; a lone card's deadwood = its value
        and     #$00FF
        sec
        sbc     SdGain                  ; value - G (signed)
        bpl     @add                    ; >= 0: base is the smaller
        clc
        adc     SdBase
        bra     @addIt
@add    lda     SdBase
@addIt  clc
        adc     SdTotal
        sta     SdTotal
        bra     @xNext
@meldable ldx   #PosBlock+Pos.hand      ; best(H + x) = DeadwoodDiscard of H + x
        ldy     #DwHand
        jsr     CopyHand
        lda     SdCard
        ldy     #DwHand
        jsr     CardFlip
        jsr     DeadwoodDiscard
        clc
        adc     SdTotal
        sta     SdTotal
@xNext  inc     SdCard
        lda     SdCard
        cmp     #CARDS_IN_DECK
        bcs     @decide
        jmp     @x
@decide stz     SdAverage               ; ---- average = S div n; take iff take*n < S
        stz     SdProduct
        lda     SdCount
        beq     @compare
        lda     SdTotal
@div    cmp     SdCount
        bcc     @mul
        sbc     SdCount
        inc     SdAverage
        bra     @div
@mul    ldx     SdCount
@mulLoop lda    SdProduct
        clc
        adc     SdTake
        sta     SdProduct
        dex
        bne     @mulLoop
@compare lda    SdProduct
        cmp     SdTotal
        bcs     @stock
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Take the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '. It leaves '
        bra     @leaves
@stock  jsr     NoTakeOpening
        Say     ' The '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     ' leaves '
@leaves lda     SdTake
        jsr     TxtPoints
        Say     ' in deadwood, against '
        lda     SdAverage
        jsr     TxtNum
        Say     ' on average from the stock.'
        rts
SdTake  DS.W    1
SdCard  DS.W    1
SdBase  DS.W    1
SdGain  DS.W    1
SdTmp   DS.W    1
SdUnseen DS.B   Hand.Size
SdTotal DS.W    1
SdCount DS.W    1
SdPair  DS.W    1
SdPairEnd DS.W  1
SdAverage DS.W  1
SdProduct DS.W  1
        ENDP

; ------------------------------------------------------------------------------------
; SharkKnock — the score-aware knock (see the file header) and its advice:
;   "Knock. " + ("" | "You only need <N points> to win. " | "You need to score to avoid a
;   shutout. " | "<Opp> is likely to be caught with a lot of deadwood. ") + KnockingText,
;   otherwise PhyllisKnock.
;   In: PosBlock: hand (10), scores, myWon, target, oppDraws, ... Out: DecBlock.
;   Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
SharkKnock PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,CnBestVal,KnockingText,PhyllisKnock
        IMPORT  TxtInline,TxtPoints,TxtOppName
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        bne     @nearWin
        jsr     @knock                  ; gin: no reason given
        jmp     KnockingText
@nearWin lda    PosBlock+Pos.target     ; 1. target - mine <= 15
        sec
        sbc     PosBlock+Pos.myScore
        sta     SkNeed
        bmi     @near
        cmp     #NEAR_WIN+1
        bcs     @shutout
@near   jsr     @knock
        Say     'You only need '
        lda     SkNeed
        jsr     TxtPoints
        Say     ' to win. '
        jmp     KnockingText
@shutout lda    PosBlock+Pos.myWon      ; 2. no hand won, opponent near the target
        bne     @catch
        lda     PosBlock+Pos.target
        sec
        sbc     PosBlock+Pos.oppScore
        bmi     @shut
        cmp     #SHUTOUT_DANGER+1
        bcs     @catch
@shut   jsr     @knock
        Say     'You need to score to avoid a shutout. '
        jmp     KnockingText
@catch  lda     PosBlock+Pos.oppDraws   ; 3. CATCH[min(draws, 11)] - deadwood >= 25
        cmp     #CATCH_LAST
        bcc     @index
        lda     #CATCH_LAST
@index  asl     a
        tax
        lda     CatchTable,x
        sec
        sbc     CnBestVal
        bmi     @phyllis
        cmp     #CATCH_MARGIN
        bcc     @phyllis
        jsr     @knock
        jsr     TxtOppName
        Say     ' is likely to be caught with a lot of deadwood. '
        jmp     KnockingText
@phyllis jmp    PhyllisKnock            ; 4. Phyllis's rule
@knock  lda     #1                      ; choice 1 and "Knock. "
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        rts
; the opponent's expected deadwood by the cards he has drawn this hand
CatchTable DC.W 55,50,45,40,36,32,28,25,22,20,18,16
SkNeed  DS.W    1
        ENDP

        END
