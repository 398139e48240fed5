; shark.asm — Shark as the manual has him (manual, "Computer Personalities": Shark;
; docs/personalities.md sections 4 and 6): "Although he uses the same drawing strategy and
; discard strategy as Phyllis, he is the only player who is aware of the score". He draws
; with SoniaDraw and discards with PhyllisDiscard (decide.asm's table); his knock is the
; score rules, then the catch rule, then PhyllisKnock. King (king.asm) shares the rules.
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

NEAR_WIN        EQU     5               ; "only needs a few points to win"
SHUTOUT_DANGER  EQU     40              ; opponent this close while he has no box
CATCH_MARGIN    EQU     25              ; "catch you with a lot of deadwood"
DRAWS_LAST      EQU     12              ; last index of CatchTable (and King's KnockMaxTable)

; ------------------------------------------------------------------------------------
; SharkKnock — Shark's knock and its advice: ScoreKnock's, else CatchKnock's, else
;   PhyllisKnock's.
;   In: PosBlock: hand (10), pile, discard, oppKnown, scores, myWon, target, oppDraws.
;   Out: DecBlock. Clobbers: A, X, Y. Cost: ScoreKnock + PhyllisKnock at most: worst
;   about 55,000 cycles (gin-king bench native).
; ------------------------------------------------------------------------------------
SharkKnock PROC EXPORT
        IMPORT  ScoreKnock,CatchKnock,PhyllisKnock
        jsr     ScoreKnock
        bcs     @done
        jsr     CatchKnock
        bcs     @done
        jmp     PhyllisKnock
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; ScoreKnock — the rules on the score, first that applies: gin; target - mine <=
;   NEAR_WIN; no hand won and target - theirs <= SHUTOUT_DANGER, when a shutout costs
;   something (RulesBlock.shutout: double, or points above 0). Each knocks:
;   "Knock. " + ("" on gin | "You only need <N points> to win. " | "You need to score to
;   avoid a shutout. ") + KnockingText.
;   In: PosBlock: hand (10), scores, myWon, target. Out: carry set when a rule decided
;   (DecBlock written); carry clear when none applies, with the Canon of the hand made
;   (CnBestVal = its deadwood). Clobbers: A, X, Y. Cost: one Canon + the text.
; ------------------------------------------------------------------------------------
ScoreKnock PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,KnockingText,TxtInline,TxtPoints,Knocks,RulesBlock
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        bne     @nearWin
        jsr     Knocks                  ; gin: no reason given
        brl     @text
@nearWin lda    PosBlock+Pos.target     ; target - mine <= NEAR_WIN
        sec
        sbc     PosBlock+Pos.myScore
        sta     SnNeed
        bmi     @near
        cmp     #NEAR_WIN+1
        bcs     @shutout
@near   jsr     Knocks
        Say     'You only need '
        lda     SnNeed
        jsr     TxtPoints
        Say     ' to win. '
        bra     @text
@shutout lda    RulesBlock+RulesRec.shutout ; a shutout that costs nothing (0 points)
        beq     @none                   ;   is no danger (the oracle's shutout_costs)
        lda     PosBlock+Pos.myWon      ; no hand won, opponent near the target
        bne     @none
        lda     PosBlock+Pos.target
        sec
        sbc     PosBlock+Pos.oppScore
        bmi     @shut
        cmp     #SHUTOUT_DANGER+1
        bcs     @none
@shut   jsr     Knocks
        Say     'You need to score to avoid a shutout. '
@text   jsr     KnockingText
        sec
        rts
@none   clc
        rts
SnNeed  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; CatchKnock — "If Shark thinks that he can catch you with a lot of deadwood, he will
;   knock immediately": CATCH[min(oppDraws, 12)] - deadwood >= CATCH_MARGIN knocks,
;   "Knock. <Opp> is likely to be caught with a lot of deadwood. " + KnockingText.
;   In: the last Canon (of PosBlock.hand, as ScoreKnock leaves it), PosBlock.oppDraws.
;   Out: carry set when it knocks (DecBlock written), clear when not. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
CatchKnock PROC EXPORT
        IMPORT  DecBlock,CnBestVal,KnockingText,TxtInline,TxtOppNameCap,DrawsIndex,Knocks
        jsr     DrawsIndex
        lda     CatchTable,x
        sec
        sbc     CnBestVal
        bmi     @no
        cmp     #CATCH_MARGIN
        bcc     @no
        jsr     Knocks
        jsr     TxtOppNameCap
        Say     ' is likely to be caught with a lot of deadwood. '
        jsr     KnockingText
        sec
        rts
@no     clc
        rts
; his opponent's mean deadwood after that many draws (measured; docs/personalities.md)
CatchTable DC.W 54,46,39,33,29,25,21,18,16,14,12,11,10
        ENDP

; ------------------------------------------------------------------------------------
; Knocks — DecBlock.choice = 1 and the text "Knock. ". Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
Knocks  PROC    EXPORT
        IMPORT  DecBlock,TxtInline
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        rts
        ENDP

; ------------------------------------------------------------------------------------
; DrawsIndex — X = 2 min(PosBlock.oppDraws, DRAWS_LAST): an index into CatchTable and
;   King's KnockMaxTable. Clobbers: A, X.
; ------------------------------------------------------------------------------------
DrawsIndex PROC EXPORT
        IMPORT  PosBlock
        lda     PosBlock+Pos.oppDraws
        cmp     #DRAWS_LAST
        bcc     @index
        lda     #DRAWS_LAST
@index  asl     a
        tax
        rts
        ENDP

        END
