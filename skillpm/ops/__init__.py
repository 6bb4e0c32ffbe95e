"""Operations: one module per verb. Each returns result objects and never prints or prompts."""
