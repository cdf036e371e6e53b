"""Review: proposals that clean memory up, applying exactly the ones named, and history."""
