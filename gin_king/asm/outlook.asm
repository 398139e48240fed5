; outlook.asm — Shark's one-draw look-ahead (docs/personalities.md sections 3 and 6; the
; oracle's gin_king/oracle/lookahead.py): what the next card from the stock can do for a
; 10-card hand H, and the rounded average his advice prints.
;   Every unseen card x is equally likely to be drawn next. Drawing x and then making
;   the best discard leaves DeadwoodDiscard(H + x). Only an x in a three-card meld with
;   two cards of H (a "near" card) can join a meld; any other x stays deadwood, so its
;   outcome is min(deadwood(H), value(x) + DeadwoodDiscard(H)) without a search.
;   Outlook sums the outcomes over the unseen cards (the average times their number).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

DIVIDE_BITS     EQU     16              ; UDiv16: bits of the dividend
ACE_VALUE       EQU     1               ; a deadwood ace in the manual's game
; GIN_DRAW_WORTH = 40 (the oracle's personalities.GIN_DRAW_WORTH): what a draw that gives
; gin is worth beyond its 0 points, in Shark's draw and discard keys (GinWorth); under a
; gin bonus set by the player, that bonus and GIN_WORTH_OVER_BONUS more (gin_draw_worth)
GIN_WORTH_OVER_BONUS EQU 15

; ------------------------------------------------------------------------------------
; OutlookData — inputs and results of Outlook.
; ------------------------------------------------------------------------------------
OutlookData PROC EXPORT
        EXPORT  OlHand
        EXPORT  OlUnseen
        EXPORT  OlNow
        EXPORT  OlSum
        EXPORT  OlGins
        EXPORT  OlNear
OlHand  DS.B    Hand.Size               ; IN: the 10-card hand H
OlUnseen DS.B   Hand.Size               ; IN: the cards that may come next
OlNow   DS.W    1                       ; OUT: deadwood(H)
OlSum   DS.W    1                       ; OUT: sum over the unseen x of their outcomes
OlGins  DS.W    1                       ; OUT: how many of those outcomes are 0 (gin)
OlNear  DS.B    Hand.Size               ; the cards in a three-card meld with two of H
        ENDP

; ------------------------------------------------------------------------------------
; Outlook — sum over the unseen cards x of the least deadwood after drawing x and
; discarding (the oracle's lookahead.outlook):
;   now   = Deadwood(H), short = DeadwoodDiscard(H) (exact for 10 cards too)
;   x near H:      DeadwoodDiscard(H + x)
;   any other x:   min(now, value(x) + short)      (value(ace) 15 around the corner)
;   (the second is also a bound on the first: when it is 0 no search is made)
;   Each draw's value reaches the sum in one place (@draw; OkDraw keeps the last),
;   which also counts the draws worth 0 (gin) in OlGins.
;   In:  OlHand (10 cards), OlUnseen; RulesBlock.corner. Out: A = OlSum (<= 41 x 120:
;   16 bits), OlGins, OlNow.
;   Clobbers: A, X, Y; DwHand, DwOut. Cost (the hands kept in random discard positions):
;   mean 12,200 cycles, p99 30,900 (about 5 searches); 164,000 with two four-of-a-kinds
;   of neighbouring ranks (13 searches over 36 choices of sets).
; ------------------------------------------------------------------------------------
Outlook PROC    EXPORT
        IMPORT  OlHand,OlUnseen,OlNow,OlSum,OlGins,OlNear,NearCards
        IMPORT  DwHand,CopyHand,Deadwood,DeadwoodDiscard,CardSuit2,CardBit,CardRank2
        IMPORT  RulesBlock
        lda     #ACE_VALUE              ; the ace's value: 15 around the corner
        ldx     RulesBlock+RulesRec.corner
        beq     @ace
        lda     #CORNER_ACE_VALUE
@ace    sta     RankValue
        ldx     #OlHand
        ldy     #DwHand
        jsr     CopyHand
        jsr     Deadwood                ; now = deadwood(H)
        sta     OlNow
        jsr     DeadwoodDiscard         ; short = least after one discard (DwHand kept)
        sta     OkShort
        jsr     NearCards
        stz     OlSum
        stz     OlGins
        stz     OkCard
@x      lda     OkCard
        asl     a
        tax                             ; x = 2 * card
        ldy     CardSuit2,x             ; y = its suit's offset in a Hand
        lda     CardBit,x
        sta     OkBit
        and     OlUnseen,y
        beq     @next                   ; not unseen: it cannot come
        lda     CardRank2,x             ; kept as deadwood or discarded:
        tax                             ;   min(now, value(x) + short)
        lda     RankValue,x
        clc
        adc     OkShort
        cmp     OlNow
        bcc     @plain
        lda     OlNow
@plain  sta     OkPlain
        beq     @draw                   ; 0: no search can do better
        lda     OkBit
        and     OlNear,y
        bne     @meld
        lda     OkPlain                 ; x cannot meld: plain deadwood
        bra     @draw
@meld   phy                             ; x may meld: H + x, best discard (<= OkPlain)
        ldx     #OlHand
        ldy     #DwHand
        jsr     CopyHand
        ply
        lda     DwHand,y
        ora     OkBit
        sta     DwHand,y
        jsr     DeadwoodDiscard
@draw   sta     OkDraw                  ; ---- A = the value of drawing x: add it
        cmp     #0
        bne     @add
        inc     OlGins                  ; gin
@add    clc
        adc     OlSum
        sta     OlSum
@next   inc     OkCard
        lda     OkCard
        cmp     #CARDS_IN_DECK
        bcc     @x
        lda     OlSum
        rts
; deadwood value by 2 * rank: Ace 1 (CORNER_ACE_VALUE around the corner: Outlook sets
; it), 2..10 their rank, J, Q, K 10 (docs/rng.md)
RankValue DC.W  ACE_VALUE,2,3,4,5,6,7,8,9,10,10,10,10
OkShort DS.W    1
OkCard  DS.W    1
OkBit   DS.W    1
OkDraw  DS.W    1                       ; the value of the last draw added
OkPlain DS.W    1                       ; min(now, value(x) + short)
        ENDP

; ------------------------------------------------------------------------------------
; Unseen — OlUnseen = all - hand - pile - oppKnown of PosBlock: the cards that may come
; next (Shark's discard and his gin outs).  Clobbers: A, X. Cost: about 150 cycles.
; ------------------------------------------------------------------------------------
Unseen  PROC    EXPORT
        IMPORT  PosBlock,OlUnseen
        ldx     #Hand.Size-2
@suit   lda     PosBlock+Pos.hand,x
        ora     PosBlock+Pos.pile,x
        ora     PosBlock+Pos.oppKnown,x
        eor     #SUIT_MASK_ALL
        sta     OlUnseen,x
        dex
        dex
        bpl     @suit
        rts
        ENDP

; ------------------------------------------------------------------------------------
; NearCards — OlNear = the cards x in a three-card meld with two cards of OlHand (the
; oracle's melds_one_draw_away(x, H); x not in H):
;   runs, per suit m:  (m<<1 & m<<2) | (m<<1 & m>>1) | (m>>1 & m>>2)
;     around the corner (RulesBlock.corner) the same on e = m<<2 | m>>11 (bits 0, 1: Q, K
;     below the ace, so Q-K-A and K-A-2 are runs of e), folded back: N>>2 | N<<11
;   sets, per suit:    the ranks held in at least two of the other three suits
;   Clobbers: A, X. Cost: about 400 cycles (around the corner about 700).
; ------------------------------------------------------------------------------------
NearCards PROC  EXPORT
        IMPORT  OlHand,OlNear,RulesBlock
        ldx     #Hand.Size-2            ; x = 2 * suit
        lda     RulesBlock+RulesRec.corner
        beq     @run
@cRun   lda     OlHand,x                ; around the corner: e = m<<2 | m>>11
        xba                             ; m>>8
        and     #$00FF
        lsr     a
        lsr     a
        lsr     a                       ; m>>11
        sta     NcT
        lda     OlHand,x
        asl     a
        asl     a
        ora     NcT
        sta     NcE
        asl     a
        sta     NcUp
        asl     a
        and     NcUp
        sta     NcT
        lda     NcE
        lsr     a
        sta     NcDown
        and     NcUp
        ora     NcT
        sta     NcT
        lda     NcDown
        lsr     a
        and     NcDown
        ora     NcT
        sta     NcT                     ; N: the near positions of e
        xba                             ; fold: N<<11 (bits 0, 1 -> Q, K)
        and     #$FF00
        asl     a
        asl     a
        asl     a
        sta     NcE
        lda     NcT
        lsr     a
        lsr     a                       ; N>>2
        ora     NcE
        and     #SUIT_MASK_ALL
        sta     OlNear,x
        dex
        dex
        bpl     @cRun
        bra     @sets
@run    lda     OlHand,x
        asl     a
        sta     NcUp                    ; bit r: r-1 held
        asl     a
        and     NcUp                    ; r-2 and r-1
        sta     NcT
        lda     OlHand,x
        lsr     a
        sta     NcDown                  ; bit r: r+1 held
        and     NcUp                    ; r-1 and r+1
        ora     NcT
        sta     NcT
        lda     NcDown
        lsr     a
        and     NcDown                  ; r+1 and r+2
        ora     NcT
        and     #SUIT_MASK_ALL
        sta     OlNear,x
        dex
        dex
        bpl     @run
@sets   lda     OlHand+Hand.clubs       ; the ranks held in each pair of suits
        and     OlHand+Hand.diamonds
        sta     NcCD
        lda     OlHand+Hand.clubs
        and     OlHand+Hand.hearts
        sta     NcCH
        lda     OlHand+Hand.clubs
        and     OlHand+Hand.spades
        sta     NcCS
        lda     OlHand+Hand.diamonds
        and     OlHand+Hand.hearts
        sta     NcDH
        lda     OlHand+Hand.diamonds
        and     OlHand+Hand.spades
        sta     NcDS
        lda     OlHand+Hand.hearts
        and     OlHand+Hand.spades
        sta     NcHS
        lda     NcDH                    ; clubs: two of diamonds, hearts, spades
        ora     NcDS
        ora     NcHS
        ora     OlNear+Hand.clubs
        sta     OlNear+Hand.clubs
        lda     NcCH                    ; diamonds: two of clubs, hearts, spades
        ora     NcCS
        ora     NcHS
        ora     OlNear+Hand.diamonds
        sta     OlNear+Hand.diamonds
        lda     NcCD                    ; hearts: two of clubs, diamonds, spades
        ora     NcCS
        ora     NcDS
        ora     OlNear+Hand.hearts
        sta     OlNear+Hand.hearts
        lda     NcCD                    ; spades: two of clubs, diamonds, hearts
        ora     NcCH
        ora     NcDH
        ora     OlNear+Hand.spades
        sta     OlNear+Hand.spades
        rts
NcUp    DS.W    1
NcDown  DS.W    1
NcE     DS.W    1
NcT     DS.W    1
NcCD    DS.W    1
NcCH    DS.W    1
NcCS    DS.W    1
NcDH    DS.W    1
NcDS    DS.W    1
NcHS    DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; Tenths — total / count in tenths, halves rounded up (the oracle's advice_text.tenths):
;   q, rem = divmod(10 * total, count); q + 1 when 2 * rem >= count.
;   In: A = total (10 * total < 65536), X = count (1..$7FFF). Out: A = q (TxtTenths
;   writes it). Clobbers: A, X, Y. Cost: about 600 cycles.
; ------------------------------------------------------------------------------------
Tenths  PROC    EXPORT
        IMPORT  UDiv16
        stx     TnCount
        sta     TnTotal
        asl     a
        asl     a                       ; 4 total
        clc
        adc     TnTotal
        asl     a                       ; 10 total
        jsr     UDiv16                  ; A = q, X = rem
        sta     TnQ
        txa
        asl     a                       ; 2 rem
        cmp     TnCount
        bcc     @down
        inc     TnQ                     ; half or more: round up
@down   lda     TnQ
        rts
TnCount DS.W    1
TnTotal DS.W    1
TnQ     DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GinWorth — A = gin draw worth x A: GIN_DRAW_WORTH = 32 A + 8 A under the manual's gin
;   bonus; else (RulesBlock.ginBonus + GIN_WORTH_OVER_BONUS) x A, the oracle's
;   gin_draw_worth (A <= 52). King's discard key, 4 (sum + worth x draws) + ..., stays
;   within 16 bits for gin bonuses up to about 200 points.
;   Clobbers: A, X. Cost: 50 cycles (the manual's bonus), else about 100 + 12 A.
; ------------------------------------------------------------------------------------
GinWorth PROC   EXPORT
        IMPORT  RulesBlock,UMulSmall
        ldx     RulesBlock+RulesRec.ginBonus
        cpx     #GIN_BONUS
        beq     @forty
        tax                             ; X = A, A = the worth: A additions
        lda     RulesBlock+RulesRec.ginBonus
        clc
        adc     #GIN_WORTH_OVER_BONUS
        jmp     UMulSmall
@forty  asl     a
        asl     a
        asl     a
        sta     GwEight                 ; 8 A
        asl     a
        asl     a                       ; 32 A
        clc
        adc     GwEight
        rts
GwEight DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; UMulSmall — A = A x X for a small X (X additions; the product must fit 16 bits).
;   Clobbers: A, X. Cost: 30 + 12 X cycles.
; ------------------------------------------------------------------------------------
UMulSmall PROC  EXPORT
        sta     UmFactor
        lda     #0
        cpx     #0
        beq     @done
@add    clc
        adc     UmFactor
        dex
        bne     @add
@done   rts
UmFactor DS.W   1
        ENDP

; ------------------------------------------------------------------------------------
; UDiv16 — unsigned 16-bit division (shift and subtract).
;   In: A = dividend, X = divisor (1..$7FFF; 0 gives quotient $FFFF).
;   Out: A = quotient, X = remainder. Clobbers: A, X, Y. Cost: about 450 cycles.
; ------------------------------------------------------------------------------------
UDiv16  PROC    EXPORT
        sta     DvQuot                  ; the dividend, shifted out as the quotient fills
        stx     DvDivisor
        lda     #0                      ; the remainder
        ldy     #DIVIDE_BITS
@bit    asl     DvQuot
        rol     a
        cmp     DvDivisor
        bcc     @zero
        sbc     DvDivisor               ; (carry set)
        inc     DvQuot
@zero   dey
        bne     @bit
        tax
        lda     DvQuot
        rts
DvQuot  DS.W    1
DvDivisor DS.W  1
        ENDP

; ------------------------------------------------------------------------------------
; GK_Outlook: In: OlHand (10 cards), OlUnseen.  Out: A = the sum of the outcomes,
; X = deadwood(OlHand), Y = how many outcomes are gin.
; ------------------------------------------------------------------------------------
GK_Outlook PROC EXPORT
        IMPORT  Outlook,OlNow,OlGins
        EngineEnter
        jsr     Outlook
        ldx     OlNow
        ldy     OlGins
        EngineLeave
        ENDP

        END
