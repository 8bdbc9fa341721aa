"""Physical buttons, lights and buzzer through gpiozero, with a simulated fallback."""
