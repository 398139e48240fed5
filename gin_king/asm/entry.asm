; entry.asm — User Supplied Cards (manual, "Settings Menu": "Shuffle Mode"): reading an
; entry such as "AS, 2H, 5C, 5D, 10S, QH", "A 5 6 4D 3D" or "4H56", and choosing the
; closest available card for each request (gin_king/oracle/entry.py is the reference).
;   An entry: separators (space, tab, CR, LF, FF, VT, comma) around items; an item is a
;   rank A 2..9 10 T J Q K (either case) and an optional suit C D H S (either case) or a
;   suit glyph $01-$04 (toolbox/font.py). Anything else is unreadable.
;   Closest available: the requested card, or the same rank in the asked suit then
;   clubs, diamonds, hearts, spades; then ranks one away (lower first), two away, ...
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

ENTRY_MAX       EQU     255             ; longest entry (a Pascal string)
REQUESTS_MAX    EQU     CARDS_IN_DECK   ; most requests one entry may hold
NO_SUIT         EQU     $FFFF           ; a request without a suit
ENTRY_ERROR     EQU     $FFFF           ; GK_ParseEntry: unreadable or too many cards

; ------------------------------------------------------------------------------------
; EntryData — the entry, the requests read from it, the cards already taken.
; ------------------------------------------------------------------------------------
EntryData PROC  EXPORT
        EXPORT  EntryText
        EXPORT  EntryRanks
        EXPORT  EntrySuits
        EXPORT  EntryTaken
EntryText DS.B  ENTRY_MAX+1             ; IN: the entry, a Pascal string (font codes)
EntryRanks DS.W REQUESTS_MAX            ; OUT: rank of each request
EntrySuits DS.W REQUESTS_MAX            ; OUT: its suit, or NO_SUIT
EntryTaken DS.B Hand.Size               ; IN: cards already dealt (GK_ClosestCard)
        ENDP

; ------------------------------------------------------------------------------------
; GK_ParseEntry — read EntryText.  JSL, any M/X/DBR.
;   In:  EntryText; A = the most cards wanted.
;   Out: A = the number of requests (EntryRanks/EntrySuits), or ENTRY_ERROR when the
;        entry is unreadable or holds more than the cards wanted.
;   Cost: about 150 cycles per character.
; ------------------------------------------------------------------------------------
GK_ParseEntry PROC EXPORT
        IMPORT  EntryText,EntryRanks,EntrySuits
        EngineEnter
        sta     PeLimit
        lda     EntryText
        and     #$00FF
        inc     a
        sta     PeEnd                   ; index just past the last character
        ldx     #1                      ; x = index of the next character
        ldy     #0                      ; y = 2 * requests read
@seps   jsr     SkipSeparators
        cpx     PeEnd
        bcs     @done
        jsr     CharAt                  ; ---- a rank
        cmp     #'1'
        bne     @rankTable
        inx                             ; "1" must be "10"
        cpx     PeEnd
        bcs     @error
        jsr     CharAt
        cmp     #'0'
        bne     @error
        lda     #9
        bra     @haveRank
@rankTable jsr  RankOf
        bmi     @error
@haveRank sta   EntryRanks,y
        inx
        lda     #NO_SUIT                ; ---- an optional suit
        sta     EntrySuits,y
        cpx     PeEnd
        bcs     @counted
        jsr     CharAt
        jsr     SuitOf
        bmi     @counted
        sta     EntrySuits,y
        inx
@counted iny
        iny
        cpy     #2*REQUESTS_MAX
        bcc     @seps
@error  lda     #ENTRY_ERROR
        EngineLeave
@done   tya
        lsr     a
        cmp     PeLimit
        beq     @ok
        bcs     @error
@ok     EngineLeave

; CharAt — A = character X of EntryText (16-bit, high byte 0).
CharAt  lda     EntryText,x
        and     #$00FF
        rts

; SkipSeparators — advance X past spaces, tabs, CR, LF, FF, VT and commas.
SkipSeparators cpx PeEnd
        bcs     @end
        jsr     CharAt
        cmp     #' '
        beq     @skip
        cmp     #','
        beq     @skip
        cmp     #$09                    ; tab, LF, VT, FF, CR: $09-$0D
        bcc     @end
        cmp     #$0E
        bcs     @end
@skip   inx
        bra     SkipSeparators
@end    rts

; RankOf — A = the rank named by character A (2..9, A, T, J, Q, K, either case), or
; negative.
RankOf  cmp     #'2'
        bcc     @letter
        cmp     #'9'+1
        bcs     @letter
        sec
        sbc     #'1'                    ; '2' -> 1 .. '9' -> 8
        rts
@letter ora     #$20                    ; lower case
        phx
        ldx     #2*RANK_LETTERS-2
@find   cmp     RankLetters,x
        beq     @found
        dex
        dex
        bpl     @find
        plx
        lda     #$FFFF
        rts
@found  lda     RankLetterRanks,x
        plx
        ora     #0                      ; N from the rank, not from X
        rts
RANK_LETTERS    EQU     5
RankLetters     DC.W    'a','t','j','q','k'
RankLetterRanks DC.W    0,9,10,11,12

; SuitOf — A = the suit named by character A (c d h s, either case, or glyph $01-$04),
; or negative.
SuitOf  cmp     #$01
        bcc     @letter
        cmp     #$05
        bcs     @letter
        dec     a                       ; glyph $01 clubs .. $04 spades
        rts
@letter ora     #$20
        phx
        ldx     #2*SUITS-2
@find   cmp     SuitLetters,x
        beq     @found
        dex
        dex
        bpl     @find
        plx
        lda     #$FFFF
        rts
@found  txa
        lsr     a                       ; the suit
        plx
        ora     #0                      ; N from the suit, not from X
        rts
SuitLetters     DC.W    'c','d','h','s'
PeLimit DS.W    1
PeEnd   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GK_ClosestCard — the requested card, or the closest one not yet taken.  JSL.
;   In:  A = rank, X = suit or NO_SUIT; EntryTaken = the cards already dealt.
;   Out: A = the card, or NO_CARD when every card is taken.
;   Cost: about 200 cycles per card tried.
; ------------------------------------------------------------------------------------
GK_ClosestCard PROC EXPORT
        IMPORT  EntryTaken,CardIn
        EngineEnter
        sta     CcRank
        stx     CcSuit
        stz     CcDistance
@distance lda   CcRank                  ; rank - d (only d = 0 at the start)
        sec
        sbc     CcDistance
        bmi     @above
        jsr     TryRank
        bcs     @found
@above  lda     CcDistance
        beq     @next
        clc
        adc     CcRank                  ; rank + d
        cmp     #RANKS_PER_SUIT
        bcs     @next
        jsr     TryRank
        bcs     @found
@next   inc     CcDistance
        lda     CcDistance
        cmp     #RANKS_PER_SUIT
        bcc     @distance
        lda     #NO_CARD
@found  EngineLeave

; TryRank — carry set and A = the card when rank A is free in the asked suit, or in
; clubs, diamonds, hearts, spades.
TryRank sta     CcTry
        lda     CcSuit
        cmp     #NO_SUIT
        beq     @plain
        jsr     TrySuit
        bcs     @yes
@plain  lda     #0
@suit   pha
        jsr     TrySuit
        pla
        bcs     @yesPulled
        inc     a
        cmp     #SUITS
        bcc     @suit
        clc
        rts
@yesPulled lda  CcCard
@yes    rts

; TrySuit — carry set, A = CcCard = the card, when card (suit A, rank CcTry) is free.
TrySuit asl     a
        tax
        lda     SuitBase,x
        clc
        adc     CcTry
        sta     CcCard
        ldy     #EntryTaken
        jsr     CardIn
        bne     @taken
        lda     CcCard
        sec
        rts
@taken  clc
        rts
SuitBase DC.W   0,13,26,39
CcRank  DS.W    1
CcSuit  DS.W    1
CcDistance DS.W 1
CcTry   DS.W    1
CcCard  DS.W    1
        ENDP

        END
