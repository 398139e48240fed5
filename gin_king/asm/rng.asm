; rng.asm — the seeded random numbers, the shuffle and the deal of GIN.KING.
;
; Follows docs/rng.md bit for bit (xorshift32 with shifts 13, 17, 5; below(n) by masked
; rejection on the high word; Fisher-Yates from the top down; the deal from deck[0] up),
; so a seed deals the same cards here and in the oracle (gin_king/oracle/rng.py).
;
; Internal routines (JSR/RTS) expect M=16, X=16, DBR = this bank; D is not used.
; The GK_ entry points (JSL/RTL) set that up themselves (engine.macros).

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; RngData — the generator's state, the deck and the dealt hands.
; ------------------------------------------------------------------------------------
RngData PROC    EXPORT
        EXPORT  RngLo
        EXPORT  RngHi
        EXPORT  Deck
        EXPORT  Dealt
        EXPORT  RngTmp
        EXPORT  BelowN
        EXPORT  BelowMask
        EXPORT  ShufI
RngLo   DS.W    1                       ; state bits 0-15
RngHi   DS.W    1                       ; state bits 16-31
RngTmp  DS.W    1                       ; scratch of RngNext
BelowN  DS.W    1                       ; RngBelow: the bound n (0 = 65536)
BelowMask DS.W  1                       ; RngBelow: smallest 2^k-1 >= n-1
ShufI   DS.W    1                       ; Shuffle: i, 51 down to 1
Deck    DS.B    CARDS_IN_DECK           ; deck[0..51], one card number a byte
Dealt   DS.B    DealOut.Size            ; the last deal (a DealOut record)
        ENDP

; ------------------------------------------------------------------------------------
; RngSeed — seed the generator.
;   In:  A = seed bits 0-15, X = seed bits 16-31.
;   Out: RngLo/RngHi = seed, or $6D2B79F5 when the seed is 0.
;   Clobbers: A. M=16 X=16 DBR=ours. Cost: 35 cycles.
; ------------------------------------------------------------------------------------
RngSeed PROC    EXPORT
        IMPORT  RngLo,RngHi
        LONGA   ON
        LONGI   ON
        sta     RngLo
        stx     RngHi
        ora     RngHi                   ; state == 0 ?
        bne     @done
        lda     #RNG_ZERO_SEED_LO       ;   then the fixed replacement
        sta     RngLo
        lda     #RNG_ZERO_SEED_HI
        sta     RngHi
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; RngNext — advance xorshift32 once.
;   In:  RngLo/RngHi.
;   Out: A = new state bits 16-31 (the high word below() uses), RngLo/RngHi updated.
;   Clobbers: A. M=16 X=16 DBR=ours. Cost: 170 cycles.
;   The 32-bit shifts are done a word at a time:
;     x ^= x<<13:  hi ^= (hi&7)<<13 | lo>>3;   lo ^= (lo&7)<<13
;     x ^= x>>17:  lo ^= hi>>1
;     x ^= x<<5:   hi ^= hi<<5 | lo>>11;       lo ^= lo<<5
; ------------------------------------------------------------------------------------
RngNext PROC    EXPORT
        IMPORT  RngLo,RngHi,RngTmp
        LONGA   ON
        LONGI   ON
        lda     RngLo                   ; ---- x ^= x << 13
        lsr     a
        lsr     a
        lsr     a
        sta     RngTmp                  ; lo >> 3
        lda     RngHi
        and     #$0007
        xba                             ; (hi & 7) << 8
        asl     a
        asl     a
        asl     a
        asl     a
        asl     a                       ; (hi & 7) << 13
        ora     RngTmp
        eor     RngHi
        sta     RngHi                   ; hi ^= (hi<<13 | lo>>3)
        lda     RngLo
        and     #$0007
        xba
        asl     a
        asl     a
        asl     a
        asl     a
        asl     a                       ; (lo & 7) << 13
        eor     RngLo
        sta     RngLo                   ; lo ^= lo << 13
        lda     RngHi                   ; ---- x ^= x >> 17
        lsr     a
        eor     RngLo
        sta     RngLo                   ; lo ^= hi >> 1
        xba                             ; ---- x ^= x << 5
        and     #$00FF
        lsr     a
        lsr     a
        lsr     a
        sta     RngTmp                  ; lo >> 11
        lda     RngHi
        asl     a
        asl     a
        asl     a
        asl     a
        asl     a
        ora     RngTmp
        eor     RngHi
        sta     RngHi                   ; hi ^= (hi<<5 | lo>>11)
        lda     RngLo
        asl     a
        asl     a
        asl     a
        asl     a
        asl     a
        eor     RngLo
        sta     RngLo                   ; lo ^= lo << 5
        lda     RngHi
        rts
        ENDP

; ------------------------------------------------------------------------------------
; RngBelow — a uniform number below n, without bias (docs/rng.md "below").
;   In:  A = n, 1..65535, or 0 meaning 65536.
;   Out: A = r, 0 <= r < n. Always calls RngNext at least once.
;   Clobbers: A, X. M=16 X=16 DBR=ours. Cost: 270 cycles per draw (+~190 per rejection).
; ------------------------------------------------------------------------------------
RngBelow PROC   EXPORT
        IMPORT  BelowN,BelowMask,RngTmp,RngNext
        LONGA   ON
        LONGI   ON
        sta     BelowN
        dec     a                       ; m = n - 1 (65536 -> $FFFF)
        sta     RngTmp
        lsr     a
        ora     RngTmp                  ; m |= m >> 1
        sta     RngTmp
        lsr     a
        lsr     a
        ora     RngTmp                  ; m |= m >> 2
        sta     RngTmp
        lsr     a
        lsr     a
        lsr     a
        lsr     a
        ora     RngTmp                  ; m |= m >> 4
        sta     RngTmp
        xba
        and     #$00FF
        ora     RngTmp                  ; m |= m >> 8
        sta     BelowMask
@draw   jsr     RngNext                 ; A = high word of the new state
        and     BelowMask               ; r = (next() >> 16) & mask
        ldx     BelowN
        beq     @done                   ; n = 65536: every r fits
        cmp     BelowN
        bcs     @draw                   ; r >= n: draw again
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; Shuffle — Fisher-Yates from the top down (docs/rng.md "The shuffle").
;   In:  the generator state.
;   Out: Deck[0..51] = a permutation of 0..51.
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost: about 17,000 cycles.
; ------------------------------------------------------------------------------------
Shuffle PROC    EXPORT
        IMPORT  Deck,ShufI,RngBelow
        LONGA   ON
        LONGI   ON
        Acc8
        ldx     #CARDS_IN_DECK-1
@init   txa                             ; deck[x] = x
        sta     Deck,x
        dex
        bpl     @init
        Acc16
        lda     #CARDS_IN_DECK-1
        sta     ShufI                   ; for i = 51 down to 1
@loop   inc     a
        jsr     RngBelow                ;   j = below(i + 1)
        tay
        ldx     ShufI
        Acc8
        lda     Deck,x                  ;   swap deck[i], deck[j]
        xba
        lda     Deck,y
        sta     Deck,x
        xba
        sta     Deck,y
        Acc16
        dec     ShufI
        lda     ShufI
        bne     @loop
        rts
        ENDP

; ------------------------------------------------------------------------------------
; Deal — shuffle, then deal ten cards each from deck[0] up, the non-dealer first.
;   In:  the generator state.
;   Out: Deck shuffled; Dealt (DealOut): both hands as suit masks, the upcard deck[20],
;        stock = 21 (the index in Deck of the next stock card).
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost: about 19,500 cycles.
; ------------------------------------------------------------------------------------
Deal    PROC    EXPORT
        IMPORT  Shuffle,DealDeck
        LONGA   ON
        LONGI   ON
        jsr     Shuffle
        jmp     DealDeck
        ENDP

; ------------------------------------------------------------------------------------
; DealDeck — deal Deck as it lies (Replay Cards: a recorded deck order; no shuffle).
;   In:  Deck[0..51].  Out: Dealt (DealOut), as Deal.
;   Clobbers: A, X, Y. M=16 X=16 DBR=ours. Cost: about 2,500 cycles.
; ------------------------------------------------------------------------------------
DealDeck PROC   EXPORT
        IMPORT  Deck,Dealt,CardSuit2,CardBit,RngTmp
        LONGA   ON
        LONGI   ON
        ldx     #2*Hand.Size-2          ; both hands empty
@clear  stz     Dealt+DealOut.nondealer,x
        dex
        dex
        bpl     @clear
        ldy     #0                      ; y = deck index, 0..19
@next   lda     Deck,y
        and     #$00FF
        asl     a
        tax                             ; x = card * 2
        lda     CardBit,x
        sta     RngTmp                  ; the card's bit in its suit mask
        tya
        lsr     a                       ; carry = odd index = the dealer's card
        lda     CardSuit2,x             ; offset of the suit in a Hand
        bcc     @mine
        adc     #DealOut.dealer-1       ;   (+1 from the carry) into the dealer's hand
@mine   tax
        lda     RngTmp
        ora     Dealt,x
        sta     Dealt,x
        iny
        cpy     #2*HAND_SIZE
        bcc     @next
        lda     Deck+2*HAND_SIZE        ; deck[20]: the first upcard
        and     #$00FF
        sta     Dealt+DealOut.upcard
        lda     #2*HAND_SIZE+1
        sta     Dealt+DealOut.stock     ; the stock starts at deck[21]
        rts
        ENDP

; ------------------------------------------------------------------------------------
; Public entry points (JSL, any M/X/DBR; see engine.macros).
; ------------------------------------------------------------------------------------
; GK_Seed: A = seed bits 0-15, X = bits 16-31.  Out: nothing.
GK_Seed PROC    EXPORT
        IMPORT  RngSeed
        EngineEnter
        jsr     RngSeed
        EngineLeave
        ENDP

; GK_Next: Out: A = state bits 16-31, X = state bits 0-15 (after one step).
GK_Next PROC    EXPORT
        IMPORT  RngNext,RngLo
        EngineEnter
        jsr     RngNext
        ldx     RngLo
        EngineLeave
        ENDP

; GK_Below: A = n (0 = 65536).  Out: A = below(n).
GK_Below PROC   EXPORT
        IMPORT  RngBelow
        EngineEnter
        jsr     RngBelow
        EngineLeave
        ENDP

; GK_Shuffle: Out: Deck.
GK_Shuffle PROC EXPORT
        IMPORT  Shuffle
        EngineEnter
        jsr     Shuffle
        EngineLeave
        ENDP

; GK_DealDeck: In: Deck (a recorded order, Replay Cards).  Out: Dealt.
GK_DealDeck PROC EXPORT
        IMPORT  DealDeck
        EngineEnter
        jsr     DealDeck
        EngineLeave
        ENDP

; GK_Deal: Out: Deck and Dealt.
GK_Deal PROC    EXPORT
        IMPORT  Deal
        EngineEnter
        jsr     Deal
        EngineLeave
        ENDP

        END
