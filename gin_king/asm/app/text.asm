; text.asm — the constant text of the desktop program that the code reaches by long
; address only (Help's pages: HelpPageText's DC.L, HpText's template), so it lives in the
; data segment (gin_king/build.py DATA_SEGMENT_UNITS) and leaves the code segment's bank
; to the code and the variables it addresses through B. Data alone: no address here.

        CASE    ON
        MACHINE M65816

HelpPages PROC  EXPORT
        EXPORT  HelpP0,HelpP1,HelpP2,HelpP3,HelpP4,HelpP5,HelpP6
        EXPORT  HelpP7,HelpP8,HelpP8b,HelpP9,HelpP10,HelpP11,HelpP12

; Help (help.asm): each topic's pages, in HelpPageText's order
        STRING  PASCAL
HelpP0  DC.B    'Gin Rummy is a game for two. Each player gets ten cards; the next card starts the discard pile and the rest form the stock. Arrange your hand into melds: three or four cards of one rank, or runs of three or more in one suit.'
HelpP1  DC.B    'On your turn, draw one card, from the stock or the top of the discard pile, then discard one. You may not discard the card you just took from the pile. Cards not in melds are deadwood: aces count 1, numbers their value, pictures 10.'
HelpP2  DC.B    'You may knock when your deadwood after the discard is 10 or less (Oklahoma Gin: the first upcard''s value; an ace means gin only). The opponent then lays off cards on your melds. With no deadwood you go gin: no laying off.'
HelpP3  DC.B    'At the start of a hand the first upcard is offered to the player who did not deal, then to the dealer. Click the upcard to take it, or click the stock to refuse it. When both refuse, the non-dealer draws from the stock.'
HelpP4  DC.B    'To draw, click the stock (face down) or the top card of the discard pile. To discard, click a card of your hand. The discard then waits beside the pile as the knock card.'
HelpP5  DC.B    'Click the knock card to knock, or the pile to discard without knocking; an illegal knock is refused with a beep and a caution alert saying why. Edit/Undo (F3) takes the discard back. When a hand ends both hands are shown: click to deal the next.'
HelpP6  DC.B    'File: New Game deals a game (after End Game, if one is on); Resume Game goes on with a game kept on disk; Save Settings keeps the settings and the last game''s deals; End Game stops the game; Quit leaves, keeping the game. Edit: Undo takes back a discard.'
HelpP7  DC.B    'Settings: Game Settings picks the variant, points per game, hand display and shuffle mode; Tournament Mode plays for the record; Enter Name sets your name; Players picks the players and tutor; House Rules, the other gin programs'' rules.'
HelpP8  DC.B    'Options: Sound and F/X switch effects on and off; Computer Visible shows the opponent''s hand; Advice (Apple-A) asks the tutor; Show History shows your record; Show Cards (F6) shows the pile and the picked-up cards.'
HelpP8b DC.B    'Options, continued: Statistics counts games, wins and points per player and variation (Reset clears them); Score Sheet (Apple-T) shows the hands so far.'
HelpP9  DC.B    'Eight computer players can sit at the table. Irv plays at random. Willy lowers his deadwood and knocks at once. Sonia takes a card only if it adds to her melds. Mort plays defensively and remembers the cards. Bernie keeps cards that could join melds.'
HelpP10  DC.B    'Phyllis mixes defence and attack; Shark plays like Phyllis but watches the score when deciding to knock. King, beyond the original seven, looks a draw ahead and weighs the danger of each discard. Any of them can be your tutor: ask with Advice.'
HelpP11  DC.B    'A knocker with less deadwood than the opponent scores the difference. If the opponent has the same or less, the opponent undercuts and scores the difference plus 25. Gin scores the opponent''s deadwood plus 25.'
HelpP12  DC.B    'The first to reach the game''s points wins and adds 100; each hand won adds 25 at the end. If the loser won no hand, the winner''s points and game bonus are doubled. A hand is a tie when two cards are left in the stock.'
        STRING  ASIS
        ENDP
        END
