variable "zone_id" {
  type = string
}

variable "instance_type" {
  type    = string
  default = "ecs.g7.large"
}

variable "image_id" {
  type    = string
  default = "aliyun_3_x64_20G_alibase_20240819.vhd"
}

variable "instance_count" {
  type    = number
  default = 2
}

variable "db_password" {
  type      = string
  sensitive = true
}

variable "db_whitelist" {
  type    = list(string)
  default = ["10.10.0.0/16"]
}
