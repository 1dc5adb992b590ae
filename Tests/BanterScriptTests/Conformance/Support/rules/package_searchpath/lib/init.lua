return { value = "plain" }
