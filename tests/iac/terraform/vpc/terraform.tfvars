name_prefix = "staging"
zone_ids    = ["cn-hangzhou-h", "cn-hangzhou-i"]
