ITEMS = []
