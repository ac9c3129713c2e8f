variable "cidr_block" {
  type = string
}
