"""The instructions read aloud (issue 57): ``words`` makes what is shown into what is
said (the games' own names as a Danish or Swedish player says them, symbols as words),
``speaker`` says it through espeak-ng on a thread of its own, the next instruction
cutting the last one short. Kivy-free."""
