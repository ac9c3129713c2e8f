"""transports"""
